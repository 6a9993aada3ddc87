import type { Booking } from '@kwenda/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { usePublicConfig } from '../../../lib/public-config';
import { WhatsAppButton } from '../../../components/whatsapp-button';
import { FinalSection } from './final-section';
import { LabelledCode } from './labelled-code';

/**
 * Paid, but the airline would not issue the ticket (or the seats are the agency's own, ticketed in the
 * airline's system by staff): the agency issues it by hand by the time it
 * promised (the traveller was e-mailed the same), and how to reach it meanwhile. No spinner: nothing
 * happens on this page until the ticket is issued.
 */
export function ManualTicketing({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation('booking');
  const { data: config } = usePublicConfig();
  const deadline = formatDeadline(booking.manualTicketingBy!, i18n.language);
  // The agency's own seats: nothing failed, staff issue the ticket in the airline's own system.
  const byAgency = booking.ticketsIssuedByAgency === true;
  return (
    <FinalSection title={t(byAgency ? 'final.agencyTitle' : 'final.manualTitle')} testId="manual-ticketing">
      <Text fw={600}>{t(byAgency ? 'final.agencyBody' : 'final.manualBody', { time: deadline })}</Text>
      <Text>{t('final.manualNothingToDo')}</Text>
      <LabelledCode label={t('reference')} code={booking.bookingReference} />
      {config && (
        <Stack gap={4}>
          <Text>{t('final.manualContact')}</Text>
          <Text size="sm">
            {t('final.phone')}:{' '}
            <Anchor href={`tel:${config.supportPhone.replace(/\s/g, '')}`} dir="ltr">
              {config.supportPhone}
            </Anchor>
            {' · '}
            {t('final.email')}:{' '}
            <Anchor href={`mailto:${config.supportEmail}`} dir="ltr">
              {config.supportEmail}
            </Anchor>
          </Text>
          {config.whatsappNumber && (
            <WhatsAppButton
              number={config.whatsappNumber}
              message={t('final.manualWhatsapp', { reference: booking.bookingReference })}
              mt="xs"
              style={{ alignSelf: 'flex-start' }}
            >
              {t('final.whatsappUs')}
            </WhatsAppButton>
          )}
        </Stack>
      )}
      {booking.email && <Text size="sm">{t('final.manualEmailed', { email: booking.email })}</Text>}
    </FinalSection>
  );
}
