import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';

export type SignInMethod = 'email' | 'phone';

/** E-mail or mobile number: which the log-in and sign-up forms below ask for. */
export function SignInMethodChoice({ value, onChange }: { value: SignInMethod; onChange: (value: SignInMethod) => void }) {
  const { t } = useTranslation('auth');
  return (
    <SegmentedControl
      fullWidth
      value={value}
      onChange={(next) => onChange(next as SignInMethod)}
      aria-label={t('method.label')}
      data={[
        { value: 'email', label: <span data-testid="login-method-email">{t('method.email')}</span> },
        { value: 'phone', label: <span data-testid="login-method-phone">{t('method.phone')}</span> },
      ]}
    />
  );
}
