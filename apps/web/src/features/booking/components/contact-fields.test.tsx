// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { whatsappUpdatesOf } from '../lib/contact-payload';
import type { ContactDraft } from '../lib/unsent-form';
import { ContactFields } from './contact-fields';

afterEach(cleanup);

let last: ContactDraft | null = null;
function Harness({ initial, offered = true }: { initial: ContactDraft; offered?: boolean }) {
  const [contact, setContact] = useState(initial);
  last = contact;
  return (
    <ContactFields
      email={contact.email}
      phone={contact.phone}
      whatsapp={contact.whatsapp}
      whatsappUpdates={whatsappUpdatesOf(contact)}
      whatsappOffered={offered}
      countries={[]}
      errors={undefined}
      onChange={(patch) => setContact((c) => ({ ...c, ...patch }))}
    />
  );
}

const empty: ContactDraft = { email: '', phone: { dialCode: '+249', local: '' }, whatsapp: null, whatsappUpdates: null };

describe('the WhatsApp choice on the contact step', () => {
  it('is on once a mobile number is typed, offering that number, which can be changed', () => {
    const { t } = renderInApp(<Harness initial={empty} />, 'ar');
    const toggle = screen.getByTestId('whatsapp-updates') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByRole('switch', { name: new RegExp(t('booking:contact.whatsappUpdates')) })).toBe(toggle);
    fireEvent.change(screen.getByRole('textbox', { name: t('booking:contact.mobile') }), { target: { value: '0912345678' } });
    expect(toggle.checked).toBe(true);
    const number = screen.getByTestId('whatsapp-number') as HTMLInputElement;
    expect(number.value).toBe('912345678');
    fireEvent.change(number, { target: { value: '0911111111' } });
    expect(last?.whatsapp).toEqual({ dialCode: '+249', local: '911111111' });
  });

  it('turned off, hides the number and says updates go by e-mail', () => {
    const { t } = renderInApp(<Harness initial={{ ...empty, phone: { dialCode: '+249', local: '912345678' } }} />);
    fireEvent.click(screen.getByTestId('whatsapp-updates'));
    expect(last?.whatsappUpdates).toBe(false);
    expect(screen.queryByTestId('whatsapp-number')).toBeNull();
    expect(screen.getByText(t('booking:contact.whatsappOff'))).toBeTruthy();
  });

  it('is not asked where the site sends nothing on WhatsApp', () => {
    renderInApp(<Harness initial={{ ...empty, phone: { dialCode: '+249', local: '912345678' } }} offered={false} />);
    expect(screen.queryByTestId('whatsapp-updates')).toBeNull();
    expect(screen.queryByTestId('whatsapp-number')).toBeNull();
  });
});
