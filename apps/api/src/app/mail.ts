import { devOutboxRoutes } from '../modules/mail/dev-outbox-routes.js';
import { templateNamesOf } from '../modules/whatsapp/cloud-api-client.js';
import { devWhatsAppOutbox } from '../modules/whatsapp/dev-outbox-view.js';
import type { AppContext, AppModule } from './app-module.js';

/**
 * E-mails, queued in the sender's transaction and delivered by the job; the outbox to read them (and
 * the WhatsApp messages beside them) in development.
 */
export function mailModule({ env, database, mail, messenger }: AppContext): AppModule {
  return {
    jobs: [{ name: 'mail-delivery', run: (now) => mail.deliverDue(now) }],
    rootRoutes:
      env.NODE_ENV !== 'production'
        ? async (root) =>
            root.register(devOutboxRoutes, { database, whatsapp: devWhatsAppOutbox(messenger.repo, templateNamesOf(env)) })
        : undefined,
  };
}
