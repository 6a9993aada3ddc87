import type { Country } from '@kwenda/contracts';
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PhoneField, type PhoneValue } from '../../../components/phone-field';
import { dialCodeOptions } from '../../../lib/countries';
import { SectionCard } from '../../../components/section-card';

interface ContactFieldsProps {
  email: string;
  phone: PhoneValue;
  /** Where WhatsApp updates go; null: the mobile number. */
  whatsapp: PhoneValue | null;
  /** Whether they go at all (the switch as shown: on by default once a number is given). */
  whatsappUpdates: boolean;
  /** Whether the site sends anything on WhatsApp (the agency set it up): else the choice is not asked. */
  whatsappOffered: boolean;
  countries: readonly Country[];
  errors: Record<string, string> | undefined;
  onChange: (patch: { email?: string; phone?: PhoneValue; whatsapp?: PhoneValue; whatsappUpdates?: boolean }) => void;
}

/**
 * E-mail for the e-ticket and a mobile number: dial code (+249 by default) plus digits only; and
 * whether to get the booking's updates on WhatsApp, to the mobile number unless another is given.
 */
export function ContactFields({
  email,
  phone,
  whatsapp,
  whatsappUpdates,
  whatsappOffered,
  countries,
  errors = {},
  onChange,
}: ContactFieldsProps) {
  const { t, i18n } = useTranslation('booking');
  const error = (field: string) => (errors[field] ? t(`errors.${errors[field]}` as never) : undefined);
  const dialCodes = useMemo(() => dialCodeOptions(countries, i18n.language), [countries, i18n.language]);
  return (
    <SectionCard titleId="contact-title" title={t('contact.title')} order={3}>
      <TextInput
        type="email"
        label={t('contact.email')}
        description={t('contact.emailHint')}
        // Hints under the boxes, as under the mobile number beside it (components/phone-field.tsx).
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        styles={{ description: { color: 'var(--mantine-color-gray-7)', marginBlockStart: 4 } }}
        value={email}
        onChange={(e) => onChange({ email: e.currentTarget.value })}
        error={error('email')}
        required
        // Only the <input> is left-to-right (an address reads that way); its label, hint and error follow the page.
        dir="ltr"
        autoComplete="email"
        data-field="email"
      />
      <PhoneField
        name="mobile"
        label={t('contact.mobile')}
        dialLabel={t('contact.dialCode')}
        hint={t('contact.mobileHint')}
        value={phone}
        dialCodes={dialCodes}
        error={error('mobile')}
        required
        onChange={(value) => onChange({ phone: value })}
      />
      {whatsappOffered && (
        <Stack gap="xs">
          <Switch
            checked={whatsappUpdates}
            onChange={(e) => onChange({ whatsappUpdates: e.currentTarget.checked })}
            label={t('contact.whatsappUpdates')}
            description={t('contact.whatsappUpdatesHint')}
            data-testid="whatsapp-updates"
            size="md"
            // Mantine's dimmed hint is too faint to read on white (WCAG AA), as under the other fields.
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
          {whatsappUpdates && (
            <PhoneField
              name="whatsapp"
              label={t('contact.whatsapp')}
              dialLabel={t('contact.dialCode')}
              hint={whatsapp ? t('contact.whatsappHint') : t('contact.whatsappSameHint')}
              value={whatsapp ?? phone}
              dialCodes={dialCodes}
              error={error('whatsapp')}
              testId="whatsapp-number"
              onChange={(value) => onChange({ whatsapp: value })}
            />
          )}
          {!whatsappUpdates && (
            <Text size="sm" c="gray.7">
              {t('contact.whatsappOff')}
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
