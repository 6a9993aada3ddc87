import { createWebhookService } from '../modules/whatsapp/webhook-service.js';
import { whatsappWebhookRoutes } from '../modules/whatsapp/webhook-routes.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * WhatsApp messages: queued by other modules through the messenger (AppContext), delivered by the
 * job, their statuses and the travellers' STOP / START received by the webhook.
 */
export function whatsappModule({ app, env, database, messenger }: AppContext): AppModule {
  const webhooks = createWebhookService({ database, repo: messenger.repo, kick: () => messenger.kick(), logger: app.log });
  app.addHook('onClose', async () => messenger.close());
  return {
    routes: async (api) =>
      api.register(whatsappWebhookRoutes, {
        webhooks,
        appSecret: env.WHATSAPP_APP_SECRET,
        verifyToken: env.WHATSAPP_VERIFY_TOKEN,
      }),
    jobs: [{ name: 'whatsapp-delivery', run: (now) => messenger.deliverDue(now) }],
  };
}
