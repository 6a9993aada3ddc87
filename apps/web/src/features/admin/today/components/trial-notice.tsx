import { Alert, Code, List, Text } from '@mantine/core';
import { useTranslation } from '../../../../i18n/use-translation';
import { useTrialMode } from '../api/use-trial-mode';

/**
 * On a trial server (its bookings are not real), why, and the settings still at their placeholder, by
 * the names the agency sets them under: a live supplier or card payments will not start until they are set.
 */
export function TrialNotice() {
  const { t } = useTranslation('admin-today');
  const { data } = useTrialMode();
  if (!data?.trial) return null;
  return (
    <Alert color="red" variant="light" title={t('trial.title')} role="status">
      <Text size="sm">{t('trial.intro')}</Text>
      <List size="sm" mt="xs" spacing={4}>
        {data.reasons
          .filter((reason) => reason !== 'placeholders')
          .map((reason) => (
            <List.Item key={reason}>{t(`trial.reasons.${reason}`)}</List.Item>
          ))}
      </List>
      {data.missingSettings.length ? (
        <>
          <Text size="sm" mt="sm" fw={700}>
            {t('trial.missing')}
          </Text>
          <List size="sm" mt={4} spacing={4}>
            {data.missingSettings.map((name) => (
              <List.Item key={name}>
                <Code dir="ltr">{name}</Code> — {t(`trial.settings.${name}`, { defaultValue: name })}
              </List.Item>
            ))}
          </List>
          <Text size="sm" mt="sm">
            {t('trial.refusal')}
          </Text>
        </>
      ) : null}
    </Alert>
  );
}
