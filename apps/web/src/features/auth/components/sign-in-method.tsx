import { Tabs } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

export type SignInMethod = 'email' | 'phone';

/**
 * E-mail or mobile number: two tabs above the log-in and sign-up forms, each form in its panel. Tabs
 * rather than radio buttons: a tab is not a label, so "E-mail" names only the e-mail box.
 */
export function SignInMethodTabs({
  value,
  onChange,
  email,
  phone,
}: {
  value: SignInMethod;
  onChange: (value: SignInMethod) => void;
  email: ReactNode;
  phone: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <Tabs id={id} value={value} onChange={(next) => next && onChange(next as SignInMethod)}>
      <Tabs.List grow aria-label={t('method.label')} mb="md">
        <Tabs.Tab value="email" data-testid="login-method-email">
          {t('method.email')}
        </Tabs.Tab>
        <Tabs.Tab value="phone" data-testid="login-method-phone">
          {t('method.phone')}
        </Tabs.Tab>
      </Tabs.List>
      {/* The tabs' panels (the ids their tabs control), not labelled by the tabs: "E-mail" names the e-mail box alone. */}
      <div role="tabpanel" id={`${id}-panel-${value}`}>
        {value === 'phone' ? phone : email}
      </div>
    </Tabs>
  );
}
