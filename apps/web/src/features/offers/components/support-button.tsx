import { VisuallyHidden } from '@mantine/core';
import { WhatsAppButton } from '../../../components/whatsapp-button';
import { useTranslation } from '../../../i18n/use-translation';
import { useAirports } from '../../../lib/airports';
import { usePublicConfig } from '../../../lib/public-config';
import type { SearchState } from '../../../lib/search-params';
import { formatTravelDate } from '../../../lib/format/format-date';
import { searchedLegs } from '../lib/support-link';
import { WhatsAppIcon } from './offer-icons';

/** Customer service on WhatsApp, the message prefilled with the route and dates in the current language. */
export function SupportButton({ search, variant = 'filled' }: { search: SearchState; variant?: 'filled' | 'light' }) {
  const { t, i18n } = useTranslation('offers');
  const { data: config } = usePublicConfig();
  const { byCode } = useAirports();
  if (!config?.whatsappNumber) return null;
  const language = i18n.language;
  const city = (code: string) => {
    const airport = byCode.get(code);
    return airport ? (language === 'ar' ? airport.cityNameAr : airport.cityNameEn) : code;
  };
  const { adults, children, infants } = search.passengers;
  const text = [
    t('whatsappMessage.intro'),
    ...searchedLegs(search).map((leg) =>
      t('whatsappMessage.leg', {
        from: city(leg.from),
        fromCode: leg.from,
        to: city(leg.to),
        toCode: leg.to,
        date: formatTravelDate(leg.date, language, 'long'),
      }),
    ),
    t('whatsappMessage.travellers', { count: adults + children + infants }),
    t('whatsappMessage.outro'),
  ].join('\n');
  return (
    <WhatsAppButton
      number={config.whatsappNumber}
      message={text}
      rel="noopener noreferrer"
      variant={variant}
      leftSection={<WhatsAppIcon size={20} />}
    >
      {t('states.whatsapp')}
      <VisuallyHidden> ({t('states.whatsappHint')})</VisuallyHidden>
    </WhatsAppButton>
  );
}
