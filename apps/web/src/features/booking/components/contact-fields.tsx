import type { Country } from '@kwenda/contracts';
import { Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dialCodeOptions } from '../../../lib/countries';
import { cleanLocalNumber } from '../../../lib/phone-number';

interface ContactFieldsProps {
  email: string;
  dialCode: string;
  mobile: string;
  countries: readonly Country[];
  errors: Record<string, string> | undefined;
  onChange: (patch: { email?: string; dialCode?: string; mobile?: string }) => void;
}

/** E-mail for the e-ticket and a mobile number: dial code (+249 by default) plus digits only. */
export function ContactFields({ email, dialCode, mobile, countries, errors = {}, onChange }: ContactFieldsProps) {
  const { t, i18n } = useTranslation('booking');
  const error = (field: string) => (errors[field] ? t(`errors.${errors[field]}` as never) : undefined);
  const dialCodes = useMemo(() => dialCodeOptions(countries, i18n.language), [countries, i18n.language]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="contact-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="contact-title">
          {t('contact.title')}
        </Title>
        <TextInput
          type="email"
          label={t('contact.email')}
          description={t('contact.emailHint')}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          value={email}
          onChange={(e) => onChange({ email: e.currentTarget.value })}
          error={error('email')}
          required
          dir="ltr"
          autoComplete="email"
          data-field="email"
        />
        <Group gap="xs" align="flex-start" wrap="nowrap" dir="ltr">
          <NativeSelect
            label={t('contact.dialCode')}
            value={dialCode}
            onChange={(e) => onChange({ dialCode: e.currentTarget.value })}
            data={dialCodes}
            w={130}
          />
          <TextInput
            style={{ flex: 1 }}
            label={t('contact.mobile')}
            description={t('contact.mobileHint')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            value={mobile}
            onChange={(e) => onChange({ mobile: cleanLocalNumber(e.currentTarget.value) })}
            error={error('mobile')}
            required
            inputMode="numeric"
            autoComplete="tel-national"
            dir="ltr"
            data-field="mobile"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
