import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: () => 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: () => 'must be a port number' }).int().min(1, 'must be 1-65535').max(65535, 'must be 1-65535').default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STAGING: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPLIER: z.enum(['sandbox']).default('sandbox'),
  OFFER_TTL_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  WHATSAPP_NUMBER: z.string().regex(/^\d{8,15}$/, 'must be digits only, international format without +').default('249912345678'),
  SUPPORT_EMAIL: z.email({ error: () => 'must be an e-mail address' }).default('support@kwenda.sd'),
  SUPPORT_PHONE: z.string().default('+249 91 234 5678'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** true only behind a reverse proxy that sets X-Forwarded-For; otherwise clients could spoof their address. */
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
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
