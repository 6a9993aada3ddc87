import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { GatewaySessionRow } from '../../db/schema.js';
import { escapeHtml } from '../../escape-html.js';
import { AppError } from '../../errors.js';
import type { PaymentProvider } from '../payment-provider.js';
import { TEST_CARDS, type DeclineCode, type SandboxGateway } from './sandbox-gateway.js';

/**
 * The sandbox gateway's hosted payment page (GET) and card form (POST), served by our server in
 * the traveller's language. Plain HTML, no script (the site's CSP allows none inline).
 */

type Language = 'ar' | 'en';
const text = {
  ar: {
    title: 'الدفع بالبطاقة',
    merchant: 'التاجر',
    reference: 'رقم الحجز',
    amount: 'المبلغ',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)',
    cvc: 'رمز التحقق (CVC)',
    name: 'الاسم على البطاقة',
    pay: 'ادفع',
    back: 'العودة إلى الحجز',
    testCards: 'بطاقات تجريبية (بيئة تجريبية، لا تُخصم أموال حقيقية)',
    cardSuccess: 'تنجح',
    cardDeclined: 'تُرفض',
    cardFunds: 'رصيد غير كافٍ',
    anyExpiry: 'أي تاريخ انتهاء لاحق وأي رمز تحقق من 3 أرقام.',
    declined: { card_declined: 'رُفضت بطاقتك. جرّب بطاقة أخرى.', insufficient_funds: 'رصيد البطاقة غير كافٍ. جرّب بطاقة أخرى.' },
    invalidNumber: 'رقم البطاقة غير صحيح.',
    invalidExpiry: 'تاريخ الانتهاء غير صحيح أو منتهٍ.',
    invalidCvc: 'رمز التحقق يتكون من 3 أو 4 أرقام.',
    invalidName: 'اكتب الاسم كما يظهر على البطاقة.',
    paid: 'تم الدفع لهذه العملية.',
    expired: 'أُغلقت صفحة الدفع هذه ولم تعد تقبل الدفع، ولم يُخصم أي مبلغ من بطاقتك. ارجع إلى حجزك لترى كيف تدفع.',
    other: 'English',
  },
  en: {
    title: 'Card payment',
    merchant: 'Merchant',
    reference: 'Booking reference',
    amount: 'Amount',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    name: 'Name on card',
    pay: 'Pay',
    back: 'Back to the booking',
    testCards: 'Test cards (sandbox: no real money moves)',
    cardSuccess: 'succeeds',
    cardDeclined: 'is declined',
    cardFunds: 'insufficient funds',
    anyExpiry: 'Any future expiry date and any 3-digit code.',
    declined: {
      card_declined: 'Your card was declined. Try another card.',
      insufficient_funds: 'Your card has insufficient funds. Try another card.',
    },
    invalidNumber: 'The card number is not valid.',
    invalidExpiry: 'The expiry date is not valid or has passed.',
    invalidCvc: 'The security code has 3 or 4 digits.',
    invalidName: 'Enter the name as it appears on the card.',
    paid: 'This payment is complete.',
    expired:
      'This payment page is closed and takes no payment: nothing was charged to your card. Go back to your booking to see how to pay.',
    other: 'العربية',
  },
} as const;

const group = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function expiryValid(value: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

interface Form {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

function renderPage(
  session: GatewaySessionRow,
  language: Language,
  options: { form?: Form; errors?: Partial<Record<keyof Form, string>>; banner?: string; closed?: 'paid' | 'expired' } = {},
) {
  const t = text[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const amount = `${Number(session.amount).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${session.currency}`;
  const field = (name: keyof Form, label: string, attrs: string) => {
    const error = options.errors?.[name];
    return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attrs} value="${escapeHtml(name === 'cvc' ? '' : (options.form?.[name] ?? ''))}"${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''} required>${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  const otherLanguage: Language = language === 'ar' ? 'en' : 'ar';
  const body = options.closed
    ? `<p class="banner" role="status">${escapeHtml(options.closed === 'paid' ? t.paid : t.expired)}</p><p><a class="button" href="${escapeHtml(options.closed === 'paid' ? session.successUrl : session.cancelUrl)}">${escapeHtml(t.back)}</a></p>`
    : `${options.banner ? `<p class="banner error-banner" role="alert">${escapeHtml(options.banner)}</p>` : ''}
<form method="post" action="/gateway/sandbox/checkout/${encodeURIComponent(session.id)}?lang=${language}" novalidate>
${field('cardNumber', t.number, 'inputmode="numeric" autocomplete="cc-number" dir="ltr" maxlength="23"')}
<div class="row"><div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" dir="ltr" placeholder="MM/YY" maxlength="7"')}</div><div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" maxlength="4"')}</div></div>
${field('name', t.name, 'autocomplete="cc-name" dir="ltr" maxlength="60"')}
<button type="submit">${escapeHtml(t.pay)} ${escapeHtml(amount)}</button>
</form>
<p><a href="${escapeHtml(session.cancelUrl)}">${escapeHtml(t.back)}</a></p>
<section class="cards" aria-labelledby="cards-title"><h2 id="cards-title">${escapeHtml(t.testCards)}</h2><ul>
<li><span dir="ltr">${group(TEST_CARDS.success)}</span> — ${escapeHtml(t.cardSuccess)}</li>
<li><span dir="ltr">${group(TEST_CARDS.declined)}</span> — ${escapeHtml(t.cardDeclined)}</li>
<li><span dir="ltr">${group(TEST_CARDS.insufficientFunds)}</span> — ${escapeHtml(t.cardFunds)}</li></ul><p>${escapeHtml(t.anyExpiry)}</p></section>`;
  return `<!doctype html>
<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)} · Kwenda</title><link rel="icon" href="/icons/favicon-96.png" type="image/png" sizes="96x96">
<style>
*{box-sizing:border-box}body{margin:0;font-family:"IBM Plex Sans Arabic",Tahoma,Arial,sans-serif;background:#eef2f5;color:#14213d}
main{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 4px}h2{font-size:1rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0;padding:12px;background:#f6f8fa;border-radius:8px}dt{color:#4a5568}dd{margin:0;font-weight:700}
label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #8a97a8;border-radius:8px}
input[aria-invalid=true]{border-color:#b42318}.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:18px;width:100%;padding:12px;font-size:1.05rem;font-weight:700;color:#fff;background:#0f6e5a;border:0;border-radius:8px;cursor:pointer}
.error{color:#b42318;margin:4px 0 0;font-size:.9rem}.banner{padding:12px;border-radius:8px;background:#e8f4f0}.error-banner{background:#fdecea;color:#8a1c13;font-weight:600}
.cards{margin-top:20px;padding:12px;border:1px dashed #8a97a8;border-radius:8px;font-size:.9rem}.cards ul{margin:0;padding-inline-start:18px}
a{color:#0b5394}.button{display:inline-block;padding:10px 14px;background:#0f6e5a;color:#fff;border-radius:8px;text-decoration:none}
.lang{float:inline-end}
</style></head>
<body><main>
<a class="lang" href="/gateway/sandbox/checkout/${encodeURIComponent(session.id)}?lang=${otherLanguage}" lang="${otherLanguage}">${escapeHtml(t.other)}</a>
<h1>${escapeHtml(t.title)}</h1>
<dl><dt>${escapeHtml(t.merchant)}</dt><dd>Kwenda · كوندا</dd><dt>${escapeHtml(t.reference)}</dt><dd dir="ltr">${escapeHtml(session.description)}</dd><dt>${escapeHtml(t.amount)}</dt><dd dir="ltr">${escapeHtml(amount)}</dd></dl>
${body}
</main></body></html>`;
}

const html = (reply: FastifyReply, page: string) =>
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

export const sandboxGatewayRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (app, { provider }) => {
  const gateway = provider as SandboxGateway;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const load = async (id: string) => {
    // Ids are base64url; anything else (a NUL byte, a path) cannot name a page and never reaches the database.
    const session = /^[\w-]{1,64}$/.test(id) ? await gateway.findSession(id) : undefined;
    if (!session) throw new AppError(404, 'NOT_FOUND', 'No such payment page');
    return session;
  };
  const languageOf = (query: unknown, session: GatewaySessionRow): Language => {
    const asked = (query as { lang?: string }).lang;
    return asked === 'en' || asked === 'ar' ? asked : session.language;
  };

  app.get<{ Params: { id: string } }>('/gateway/sandbox/checkout/:id', async (request, reply) => {
    const session = await load(request.params.id);
    const language = languageOf(request.query, session);
    const expired = session.status === 'expired' || (session.status === 'open' && session.expiresAt <= new Date());
    return html(
      reply,
      renderPage(session, language, session.status === 'complete' ? { closed: 'paid' } : expired ? { closed: 'expired' } : {}),
    );
  });

  app.post<{ Params: { id: string }; Body: Form }>('/gateway/sandbox/checkout/:id', async (request, reply) => {
    const session = await load(request.params.id);
    const language = languageOf(request.query, session);
    const t = text[language];
    const form: Form = typeof request.body === 'object' && request.body ? request.body : {};
    const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
    const errors: Partial<Record<keyof Form, string>> = {};
    if (!luhnValid(digits)) errors.cardNumber = t.invalidNumber;
    if (!expiryValid(form.expiry ?? '', new Date())) errors.expiry = t.invalidExpiry;
    if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = t.invalidCvc;
    if (!(form.name ?? '').trim()) errors.name = t.invalidName;
    // Re-rendered forms answer 200 like any hosted payment page: the message is on the page.
    if (Object.keys(errors).length) return html(reply, renderPage(session, language, { form, errors }));

    const result = await gateway.charge(session.id, digits);
    if (result.outcome === 'closed')
      return html(
        reply,
        renderPage(result.session, language, { closed: result.session.status === 'complete' ? 'paid' : 'expired' }),
      );
    if (result.outcome === 'declined')
      return html(reply, renderPage(result.session, language, { form, banner: t.declined[result.decline as DeclineCode] }));
    return reply.redirect(result.session.successUrl, 303);
  });
};
