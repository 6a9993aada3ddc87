#!/usr/bin/env node
/**
 * `npm start` on a fresh machine: the server in production refuses to start without JWT_SECRET and
 * SANDBOX_GATEWAY_SECRET (the sandbox gateway's webhook key), so that several processes never sign
 * with different keys. This step, run by `npm run serve` only, writes the missing ones into the .env
 * file the server reads (ENV_FILE, default ./.env), once: kept private (mode 600), and the same for
 * every process and command started from this folder. A secret an older version kept under DATA_DIR
 * (jwt.secret, sandbox-gateway.secret) is carried over, so sessions and pending webhooks stay valid.
 * A deployment that sets its secrets (systemd EnvironmentFile, deploy/) never reaches this step.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

const file = path.resolve(process.env.ENV_FILE?.trim() || '.env');
let content = '';
try {
  content = fs.readFileSync(file, 'utf8');
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
const merged = { ...parseEnv(content), ...process.env };
const dataDir = path.resolve(merged.DATA_DIR || './data');

const wanted = [
  { name: 'JWT_SECRET', legacy: 'jwt.secret', bytes: 48 },
  ...((merged.PAYMENT_PROVIDER || 'sandbox') === 'sandbox'
    ? [{ name: 'SANDBOX_GATEWAY_SECRET', legacy: 'sandbox-gateway.secret', bytes: 32 }]
    : []),
];
const missing = wanted.filter(({ name }) => !merged[name]?.trim());
if (!missing.length) process.exit(0);

const written = [];
for (const { name, legacy, bytes } of missing) {
  let value;
  try {
    value = fs.readFileSync(path.join(dataDir, legacy), 'utf8').trim();
  } catch {
    /* none kept: a new one */
  }
  if (!value || value.length < 32) value = randomBytes(bytes).toString('base64url');
  // An empty `NAME=` line (a copy of .env.example) is filled in where it stands; otherwise appended.
  const empty = new RegExp(`^${name}=[ \\t]*$`, 'm');
  if (empty.test(content)) content = content.replace(empty, `${name}=${value}`);
  else content += `${content && !content.endsWith('\n') ? '\n' : ''}${name}=${value}\n`;
  written.push(name);
}
fs.writeFileSync(file, content, { mode: 0o600 });
fs.chmodSync(file, 0o600);
console.log(
  `Wrote ${written.join(' and ')} to ${path.relative(process.cwd(), file) || file} (first start): keep that file private, and give every process the same one.`,
);
