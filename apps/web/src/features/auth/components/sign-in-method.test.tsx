// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { SignInMethodTabs, type SignInMethod } from './sign-in-method';

afterEach(cleanup);

function Harness() {
  const [method, setMethod] = useState<SignInMethod>('email');
  return <SignInMethodTabs value={method} onChange={setMethod} email={<input aria-label="E-mail" />} phone={<p>phone form</p>} />;
}

describe('choosing e-mail or mobile number', () => {
  it('shows one form at a time, and "E-mail" names only the e-mail box', () => {
    const { t } = renderInApp(<Harness />);
    expect(screen.getAllByLabelText(t('auth:method.email'))).toHaveLength(1);
    expect(screen.queryByText('phone form')).toBeNull();
    fireEvent.click(screen.getByTestId('login-method-phone'));
    expect(screen.getByRole('tab', { name: t('auth:method.phone') }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('phone form')).toBeTruthy();
    expect(screen.getByRole('tabpanel').textContent).toBe('phone form');
    expect(screen.queryByLabelText(t('auth:method.email'))).toBeNull();
  });
});
