import { parseArgs } from 'node:util';
import { startLocalCloudApi } from './local-cloud-api.js';

/**
 * npm run whatsapp:local -- [--port 4010] [--webhook http://127.0.0.1:3000/api/v1/whatsapp/webhook]
 *   [--token local-token] [--app-secret local-app-secret] [--read]
 * Each option may also come from the environment: WHATSAPP_LOCAL_PORT, WHATSAPP_LOCAL_WEBHOOK_URL,
 * WHATSAPP_TOKEN, WHATSAPP_APP_SECRET. Prints the settings to give the app.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    webhook: { type: 'string' },
    token: { type: 'string' },
    'app-secret': { type: 'string' },
    read: { type: 'boolean' },
  },
});

const env = process.env;
const server = await startLocalCloudApi({
  port: Number(values.port ?? env.WHATSAPP_LOCAL_PORT ?? 4010),
  host: values.host ?? '127.0.0.1',
  token: values.token ?? env.WHATSAPP_TOKEN ?? 'local-token',
  appSecret: values['app-secret'] ?? env.WHATSAPP_APP_SECRET ?? 'local-app-secret',
  webhookUrl: values.webhook ?? env.WHATSAPP_LOCAL_WEBHOOK_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}/api/v1/whatsapp/webhook`,
  readReceipts: values.read ?? false,
});

process.stdout.write(
  [
    `Local WhatsApp Cloud API on ${server.origin}`,
    'Start the app with:',
    `  WHATSAPP_API_URL=${server.apiUrl} WHATSAPP_TOKEN=${values.token ?? env.WHATSAPP_TOKEN ?? 'local-token'} WHATSAPP_PHONE_NUMBER_ID=100000000000001 WHATSAPP_APP_SECRET=${values['app-secret'] ?? env.WHATSAPP_APP_SECRET ?? 'local-app-secret'} WHATSAPP_VERIFY_TOKEN=local-verify`,
    `Messages: GET ${server.origin}/__local/messages   Inbound: POST ${server.origin}/__local/inbound {"from":"+249912345678","text":"STOP"}`,
    '',
  ].join('\n'),
);

const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
