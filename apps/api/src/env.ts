import { isIP } from 'node:net';
import path from 'node:path';
import { whatsappTemplateKeys, type Weekday } from '@kwenda/contracts';
import { z } from 'zod';
import { repoRoot } from './api-root.js';
import { liveSupplier, livePayments, PLACEHOLDER_SETTINGS, placeholdersOf } from './trial-mode.js';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const endpoint = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => (value ?? fallback).replace(/\/$/, ''));

/** A Sentry DSN, https://<public key>@<host>/<project id>; tests point one at a local server. */
const sentryDsn = z
  .string()
  .trim()
  .regex(
    /^https?:\/\/[^:@/\s]+(:[^@/\s]*)?@[^/\s]+\/(\S*\/)?\d+$/,
    'must be a Sentry DSN such as https://key@o0.ingest.sentry.io/0',
  )
  .optional()
  .or(z.literal('').transform(() => undefined));

/** An empty variable counts as unset (its default applies). */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const day = '(sun|mon|tue|wed|thu|fri|sat)';
const time = '([01]\\d|2[0-3]):[0-5]\\d';

/** sun-thu (a range of days) or a single day, as the footer's phone hours say them. */
const supportDays = z
  .string()
  .trim()
  .toLowerCase()
  .regex(new RegExp(`^${day}(-${day})?$`), 'must be a day or a range of days such as sun-thu (sun mon tue wed thu fri sat)')
  .transform((value) => {
    const [fromDay, toDay = fromDay] = value.split('-') as [Weekday, Weekday?];
    return { fromDay, toDay };
  });

/** 09:00-17:00: opening and closing time in Khartoum, 24-hour clock, closing after opening. */
const supportHours = z
  .string()
  .trim()
  .regex(new RegExp(`^${time}-${time}$`), 'must be opening and closing times such as 09:00-17:00')
  .transform((value) => {
    const [opens, closes] = value.split('-') as [string, string];
    return { opens, closes };
  })
  .refine(({ opens, closes }) => opens < closes, 'must close after it opens, such as 09:00-17:00');

/** The agency's page on a social network: an https link to that network (a swapped variable is caught at start). */
const socialPage = (network: string, hosts: string) =>
  z
    .url({
      protocol: /^https$/,
      hostname: new RegExp(`^([a-z0-9-]+\\.)?(${hosts})$`),
      error: () => `must be an https:// link to the agency's ${network} page`,
    })
    .optional()
    .or(z.literal('').transform(() => undefined));

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: () => 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

/**
 * false (or 0), a number of proxy hops, or the proxies' addresses. `true` is refused: Fastify would then
 * take the left-most X-Forwarded-For, which the client writes, and every per-address limit could be
 * bypassed behind a proxy that appends.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx) => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', '0'].includes(lower)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    if (addresses.every((address) => isIP(address.replace(/\/\d{1,3}$/, '')) !== 0)) return addresses.join(',');
    ctx.addIssue({
      code: 'custom',
      message:
        lower === 'true' || lower === 'yes'
          ? 'true would believe the left-most X-Forwarded-For, which any client can write: set the number of proxies in front of the server (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=10.0.0.1)'
          : 'must be false, a number of proxies (TRUST_PROXY=1 behind one nginx) or their addresses (TRUST_PROXY=10.0.0.1,10.0.0.2)',
    });
    return z.NEVER;
  });

/** The name Meta knows a template by: a lower-case name of letters, digits and underscores. */
const templateName = (key: string) =>
  z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'must be a WhatsApp template name (lower-case letters, digits and _)')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => value ?? `kwenda_${key}`);

/** WHATSAPP_TEMPLATE_<KEY>: each template's approved name, `kwenda_<key>` by default. */
const templateNameSettings = Object.fromEntries(
  whatsappTemplateKeys.map((key) => [`WHATSAPP_TEMPLATE_${key.toUpperCase()}`, templateName(key)]),
) as { [K in (typeof whatsappTemplateKeys)[number] as `WHATSAPP_TEMPLATE_${Uppercase<K>}`]: ReturnType<typeof templateName> };

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: () => 'must be a port number' })
      .int()
      .min(1, 'must be 1-65535')
      .max(65535, 'must be 1-65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STAGING: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where new searches and bookings go; a booking keeps going to the supplier that holds it. */
    SUPPLIER: z.enum(['sandbox', 'duffel'], { error: () => 'must be sandbox or duffel' }).default('sandbox'),
    /** Duffel's API token (duffel_live_... or duffel_test_...); required with SUPPLIER=duffel. */
    DUFFEL_ACCESS_TOKEN: z
      .string()
      .trim()
      .regex(/^duffel_(live|test)_[A-Za-z0-9_-]+$/, 'must be a Duffel access token (duffel_live_... or duffel_test_...)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Duffel's API; tests point it at a local server that speaks Duffel's HTTP API. */
    DUFFEL_API_URL: endpoint('https://api.duffel.com'),
    /** The secret of the webhook registered at Duffel (signs X-Duffel-Signature); required with SUPPLIER=duffel in production. */
    DUFFEL_WEBHOOK_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** How long a flight search may take at the supplier; offers that arrive later are left out. */
    SUPPLIER_TIMEOUT_SECONDS: z.coerce.number().min(2).max(60).default(20),
    /**
     * false: searches stop offering the agency's own seats (an audit of the allocations, or the bench's
     * baseline); bookings of them already made carry on. On by default, whatever SUPPLIER says.
     */
    AGENCY_SEATS_SELLING: booleanFlag.default(true),
    OFFER_TTL_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
    WHATSAPP_NUMBER: z
      .string()
      .regex(/^\d{8,15}$/, 'must be digits only, international format without +')
      .default('249912345678'),
    SUPPORT_EMAIL: z.email({ error: () => 'must be an e-mail address' }).default('support@kwenda.sd'),
    SUPPORT_PHONE: z.string().default('+249 91 234 5678'),
    /** Days and hours the phone line answers (the footer); Sudan's working week is Sunday to Thursday. */
    SUPPORT_DAYS: unsetWhenEmpty(supportDays.prefault('sun-thu')),
    SUPPORT_HOURS: unsetWhenEmpty(supportHours.prefault('09:00-17:00')),
    /** The agency's social-media pages, linked from the footer; each is hidden while unset. */
    SOCIAL_FACEBOOK_URL: socialPage('Facebook', 'facebook\\.com|fb\\.com'),
    SOCIAL_INSTAGRAM_URL: socialPage('Instagram', 'instagram\\.com'),
    SOCIAL_X_URL: socialPage('X', 'x\\.com|twitter\\.com'),
    SOCIAL_LINKEDIN_URL: socialPage('LinkedIn', 'linkedin\\.com'),
    SOCIAL_TIKTOK_URL: socialPage('TikTok', 'tiktok\\.com'),
    /**
     * The agency that runs the site, as the privacy policy names it. PLACEHOLDERS until the agency
     * sets its registered names and commercial registration number.
     */
    AGENCY_LEGAL_NAME_AR: z.string().trim().min(2, "must be the agency's registered Arabic name").default('كوندا للسفر والسياحة'),
    AGENCY_LEGAL_NAME_EN: z
      .string()
      .trim()
      .min(2, "must be the agency's registered English name")
      .default('Kwenda Travel & Tourism'),
    COMMERCIAL_REGISTRATION_NUMBER: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}/ -]{0,39}$/u, 'must be the commercial registration number (letters, digits, / and -)')
      .default('000000'),
    WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    /**
     * Whose X-Forwarded-For to believe: the number of proxies in front of the server (1 behind one nginx)
     * or their addresses (10.0.0.1, 10.0.0.0/8, comma-separated). The client address is the last one
     * those proxies added; anything a client wrote before it is ignored.
     */
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * Pages (HTML) per client address and minute, counted apart from the API's requests: the server
     * renders each. A traveller opens a few a minute (the app moves between pages without asking); one
     * address may be a carrier's thousands of travellers, so it stays well above that.
     */
    PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    /**
     * redis://[user:pass@]host:port[/db] or rediss://...: the request rate limits are counted there, once for
     * every process behind the load balancer. Unset, each process counts its own (fine for one process).
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Start of every key Kwenda writes to Redis, so several sites (or test runs) can share one server. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ - . or :')
      .default('kwenda:'),
    /** Address travellers reach the site at: links in e-mails, payment return pages, webhooks. Default http://HOST:PORT. */
    PUBLIC_URL: z
      .url({ error: () => 'must be an absolute URL such as https://kwenda.sd' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** smtp://user:pass@host:port or smtps://...; unset keeps every message in the dev outbox (/dev/outbox). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Kwenda <tickets@kwenda.sd>'),
    /** Card payments: the embedded sandbox gateway, or Stripe Checkout (needs the two STRIPE_ keys). */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Stripe API host override (tests point it at a local server). */
    STRIPE_API_URL: z
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Seconds a card checkout may stay open before the reconciliation job asks the payment provider
     * about it (then again with backoff, at most hourly): a lost webhook is made up for within this.
     */
    PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce
      .number({ error: () => 'must be a number of seconds' })
      .int()
      .min(1, 'must be at least 1 second')
      .max(86_400, 'must be at most a day (86400)')
      .default(300),
    /**
     * Production with the sandbox card gateway beside Duffel (test token) refuses to start without this:
     * a test card would pay for orders at Duffel. Never allowed with a duffel_live_ token.
     */
    UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL: booleanFlag.default(false),
    /** HMAC key of the sandbox gateway's webhooks; required in production, else generated and kept under DATA_DIR. */
    SANDBOX_GATEWAY_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * JSON array of { bankAr, bankEn, accountName, accountNumber, currency?, noteAr?, noteEn? } shown to
     * travellers who pay later; `currency` is what the account takes (SDG when left out), checked at start.
     */
    BANK_ACCOUNTS: z.string().optional(),
    /**
     * Working hours (Khartoum's, within SUPPORT_DAYS and SUPPORT_HOURS) the agency promises to issue by
     * hand a paid ticket the airline refused: the traveller is told the time on the page and by e-mail.
     */
    MANUAL_TICKETING_HOURS: z.coerce.number().int().min(1).max(72).default(4),
    /**
     * Where transfer receipts were kept as files before they moved into the database (default
     * DATA_DIR/uploads): still read from there, and copied into the database when the server starts.
     */
    UPLOADS_DIR: z.string().optional(),
    /** Minutes a provisional booking is held: two hours unless the agency sets another length. */
    HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(120),
    /**
     * Unpaid holds (bookings waiting for payment) one contact e-mail, and one mobile number, may have at
     * once; staff lift the cap for one traveller at /admin/limits (modules/limits).
     */
    HOLD_CAP_PER_CONTACT: z.coerce.number().int().min(1).max(100).default(3),
    /**
     * Unpaid holds made from one client address (an IPv6 /64) at once. High: a carrier puts thousands of
     * travellers behind one address; it stops one client holding a flight's seats under many e-mails.
     */
    HOLD_CAP_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Run the background jobs (hold expiry, mail) in this process. Several processes may all run them. */
    RUN_JOBS: booleanFlag.default(true),
    /**
     * Signs session tokens and keys the staff authenticator secrets (staff/secret-box.ts); required in
     * production, else generated and kept in DATA_DIR/jwt.secret.
     */
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    JOBS_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
    /**
     * How long a call to the flight supplier (hold, ticket, cancel) may stay unanswered before the
     * reconciliation job asks the supplier what it did (modules/supplier-calls). Longer than any
     * supplier request takes; tests shorten it to see a crashed call settled.
     */
    SUPPLIER_CALL_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).default(120),
    /**
     * How long a message taken from the outbox stays invisible to other processes while one sends it;
     * a process that died mid-send leaves it to be sent again (same Message-ID) after this. Keep it
     * above a minute in production (an SMTP exchange may take 50 s); tests shorten it.
     */
    MAIL_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).default(300),
    /**
     * On SIGTERM the server stops taking connections and finishes the requests in flight and the job step
     * under way; after this long it closes what is left and exits 1.
     */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
    /**
     * WhatsApp Business Cloud API. On only when WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and
     * WHATSAPP_APP_SECRET are all set (a part of them stops the server); otherwise every WhatsApp
     * message stays in the dev outbox (/dev/outbox). The token is a system user's permanent token.
     */
    WHATSAPP_TOKEN: optionalText,
    /** The sending number's id in the WhatsApp Business account (digits), not the number itself. */
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .trim()
      .regex(/^\d{5,30}$/, "must be the phone number's id from the WhatsApp Business account (digits only)")
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The Meta app's secret: X-Hub-Signature-256 of every webhook is an HMAC of its body with it. */
    WHATSAPP_APP_SECRET: optionalText,
    /** Echoed by the webhook verification handshake (GET /api/v1/whatsapp/webhook); set it to the value given to Meta. */
    WHATSAPP_VERIFY_TOKEN: optionalText,
    /** The Graph API with its version; tests and the local Cloud API server (npm run whatsapp:local) point it elsewhere. */
    WHATSAPP_API_URL: endpoint('https://graph.facebook.com/v21.0'),
    /**
     * How long a message taken from the WhatsApp outbox waits for an answer before it may be sent
     * again: also the grace period in which a status webhook for a try whose outcome is unknown (a
     * crash, a timeout) records it rather than a second send. Tests shorten it.
     */
    WHATSAPP_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).default(900),
    /** Tests only: names the crash points (crash-points.ts) where the process stops dead. */
    KWENDA_CRASH_AT: optionalText,
    /**
     * Social sign-in. A provider is offered only when both its client id and secret are set; the
     * redirect URI to register with it is PUBLIC_URL/api/v1/auth/social/<google|facebook>/callback.
     */
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    /** OpenID issuer: endpoints and signing keys come from its /.well-known/openid-configuration (tests use a local one). */
    GOOGLE_ISSUER: endpoint('https://accounts.google.com'),
    FACEBOOK_CLIENT_ID: optionalText,
    FACEBOOK_CLIENT_SECRET: optionalText,
    /** Facebook's login dialog, token endpoint and Graph API (overridden by tests; pin the Graph version here). */
    FACEBOOK_AUTH_URL: endpoint('https://www.facebook.com/v19.0/dialog/oauth'),
    FACEBOOK_TOKEN_URL: endpoint('https://graph.facebook.com/v19.0/oauth/access_token'),
    FACEBOOK_GRAPH_URL: endpoint('https://graph.facebook.com/v19.0'),
    /** Unexpected (5xx) API errors go to this Sentry project; unset, they are only logged with the request id. */
    SENTRY_DSN: sentryDsn,
    /** The web app's Sentry project (its DSN is public: the browser gets it from /config); default SENTRY_DSN. */
    SENTRY_DSN_WEB: sentryDsn,
    /** Environment on Sentry events; default `staging` when STAGING=true, else NODE_ENV. */
    SENTRY_ENVIRONMENT: optionalText,
    /** Plausible: the site's domain as registered there (e.g. kwenda.sd); adds Plausible's script at run time. */
    PLAUSIBLE_DOMAIN: z
      .string()
      .trim()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,}(,([a-z0-9-]+\.)+[a-z]{2,})*$/i, 'must be a domain such as kwenda.sd')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Plausible's script; the manual one, since the app sends each page view itself with a cleaned path. */
    PLAUSIBLE_SRC: z
      .url({ protocol: /^https?$/, error: () => 'must be the http(s) URL of a Plausible script' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Google Analytics 4 measurement id (G-XXXXXXXXXX); adds the gtag script at run time. */
    GA4_MEASUREMENT_ID: z
      .string()
      .trim()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id such as G-ABC123XYZ9')
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .extend(templateNameSettings)
  .superRefine((env, ctx) => {
    if (env.KWENDA_CRASH_AT && env.NODE_ENV === 'production')
      ctx.addIssue({ code: 'custom', path: ['KWENDA_CRASH_AT'], message: 'is for tests only; unset it in production' });
    // Generated secrets live in one data folder: several processes (or a restored database on another
    // machine) would each sign with their own. Production takes them from the environment only.
    if (env.NODE_ENV === 'production') {
      const generate = 'generate one with `openssl rand -base64 48` and keep it in the environment or .env';
      if (!env.JWT_SECRET)
        ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: `is required when NODE_ENV=production (${generate})` });
      if (env.PAYMENT_PROVIDER === 'sandbox' && !env.SANDBOX_GATEWAY_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['SANDBOX_GATEWAY_SECRET'],
          message: `is required when NODE_ENV=production and PAYMENT_PROVIDER=sandbox (${generate})`,
        });
    }
    // The sandbox gateway "pays" with card 4242...: beside a real supplier the order is paid from the agency's balance there.
    if (env.NODE_ENV === 'production' && env.PAYMENT_PROVIDER === 'sandbox' && env.DUFFEL_ACCESS_TOKEN) {
      if (liveSupplier(env))
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message:
            "is sandbox beside a live Duffel token: a test card would buy real tickets from the agency's Duffel balance. Set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
        });
      else if (!env.UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL)
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message:
            "is sandbox beside Duffel in production: a test card would pay for Duffel orders. Set PAYMENT_PROVIDER=stripe, or UNSAFE_SANDBOX_PAYMENTS_WITH_DUFFEL=true for a trial against Duffel's test mode",
        });
    }
    // Real orders or real money with made-up agency details: travellers would pay into account 0000000000000.
    if (env.NODE_ENV === 'production' && (liveSupplier(env) || livePayments(env))) {
      const live = liveSupplier(env) ? 'a live Duffel token' : 'a live Stripe key';
      for (const name of placeholdersOf(env))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is still the placeholder, and the server runs with ${live}: set ${PLACEHOLDER_SETTINGS[name]}`,
        });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      if (!env.STRIPE_SECRET_KEY)
        ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required when PAYMENT_PROVIDER=stripe' });
      if (!env.STRIPE_WEBHOOK_SECRET)
        ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when PAYMENT_PROVIDER=stripe' });
    }
    if (env.SUPPLIER === 'duffel') {
      if (!env.DUFFEL_ACCESS_TOKEN)
        ctx.addIssue({ code: 'custom', path: ['DUFFEL_ACCESS_TOKEN'], message: 'is required when SUPPLIER=duffel' });
      if (env.NODE_ENV === 'production' && !env.DUFFEL_WEBHOOK_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['DUFFEL_WEBHOOK_SECRET'],
          message: 'is required when SUPPLIER=duffel in production (the secret of the webhook registered at Duffel)',
        });
    }
    // WhatsApp needs all three to send and to trust its webhooks: a part of them is a typo, not a choice.
    const whatsapp = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET'] as const;
    const whatsappSet = whatsapp.filter((name) => env[name]);
    if (whatsappSet.length > 0 && whatsappSet.length < whatsapp.length)
      for (const name of whatsapp.filter((n) => !env[n]))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is required when ${whatsappSet.join(' and ')} ${whatsappSet.length > 1 ? 'are' : 'is'} set (WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET, or none of them)`,
        });
    if (env.PLAUSIBLE_SRC && !env.PLAUSIBLE_DOMAIN)
      ctx.addIssue({ code: 'custom', path: ['PLAUSIBLE_DOMAIN'], message: 'is required when PLAUSIBLE_SRC is set' });
    // Half a provider is a typo, not a choice: say so rather than silently hiding the button.
    for (const [id, secret] of [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
    ] as const) {
      if (env[id] && !env[secret])
        ctx.addIssue({ code: 'custom', path: [secret], message: `is required when ${id} is set (or unset both)` });
      if (env[secret] && !env[id])
        ctx.addIssue({ code: 'custom', path: [id], message: `is required when ${secret} is set (or unset both)` });
    }
  });
export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; a bad value throws one sentence per variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment, the server cannot start:\n${lines.join('\n')}`);
  }
  return result.data;
}
