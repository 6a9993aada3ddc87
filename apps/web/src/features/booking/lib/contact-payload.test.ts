import { describe, expect, it } from 'vitest';
import { contactPayload, whatsappUpdatesOf } from './contact-payload';
import type { ContactDraft } from './unsent-form';

const draft = (patch: Partial<ContactDraft> = {}): ContactDraft => ({
  email: ' a@example.com ',
  phone: { dialCode: '+249', local: '0912345678' },
  whatsapp: null,
  whatsappUpdates: null,
  ...patch,
});

describe('the contact payload', () => {
  it('turns WhatsApp updates on by default once a number is given, to the mobile number', () => {
    expect(contactPayload(draft())).toEqual({
      email: 'a@example.com',
      mobile: '+249912345678',
      whatsapp: null,
      whatsappUpdates: true,
    });
    expect(whatsappUpdatesOf(draft({ phone: { dialCode: '+249', local: '' } }))).toBe(false);
  });

  it('sends another WhatsApp number as E.164 (Arabic-Indic digits too), and none when it is the mobile', () => {
    expect(contactPayload(draft({ whatsapp: { dialCode: '+966', local: '٠٥٠١٢٣٤٥٦٧' } })).whatsapp).toBe('+966501234567');
    expect(contactPayload(draft({ whatsapp: { dialCode: '+249', local: '912345678' } })).whatsapp).toBeNull();
  });

  it('keeps the traveller’s "off", and then sends no WhatsApp number', () => {
    expect(contactPayload(draft({ whatsappUpdates: false, whatsapp: { dialCode: '+966', local: '501234567' } }))).toMatchObject({
      whatsapp: null,
      whatsappUpdates: false,
    });
  });

  it('sends no choice where the site sends nothing on WhatsApp', () => {
    expect(contactPayload(draft({ whatsappUpdates: true }), false)).toEqual({
      email: 'a@example.com',
      mobile: '+249912345678',
      whatsapp: null,
      whatsappUpdates: null,
    });
  });
});
