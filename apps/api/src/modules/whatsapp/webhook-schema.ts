import { z } from 'zod';

/**
 * The WhatsApp Business Account webhook as Meta sends it: only what Kwenda reads is checked (Meta
 * adds fields over time), and a body without this shape changes nothing (400 naming the path).
 * https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
 */

const id = z.string().min(1).max(256);
/** Seconds since the epoch, as a string of digits. */
const timestamp = z.string().regex(/^\d{1,12}$/, 'must be seconds since the epoch');

const statusSchema = z
  .object({
    id,
    status: z.string().min(1).max(32),
    timestamp,
    recipient_id: z.string().max(32).optional(),
    biz_opaque_callback_data: z.string().max(512).optional(),
    errors: z
      .array(
        z
          .object({ code: z.number().int(), title: z.string().max(1000).optional(), message: z.string().max(1000).optional() })
          .loose(),
      )
      .optional(),
  })
  .loose();

const inboundSchema = z
  .object({
    id,
    /** The sender's number: international form without the plus. */
    from: z.string().regex(/^\d{6,15}$/, 'must be a phone number in international form without +'),
    timestamp,
    type: z.string().min(1).max(32),
    text: z
      .object({ body: z.string().max(4096) })
      .loose()
      .optional(),
    /** A quick-reply button's text. */
    button: z
      .object({ text: z.string().max(256) })
      .loose()
      .optional(),
  })
  .loose();

export const webhookSchema = z
  .object({
    object: z.literal('whatsapp_business_account'),
    entry: z
      .array(
        z
          .object({
            id: z.string().max(64).optional(),
            changes: z
              .array(
                z
                  .object({
                    field: z.string().max(64).optional(),
                    value: z
                      .object({
                        messaging_product: z.literal('whatsapp').optional(),
                        metadata: z
                          .object({ phone_number_id: z.string().max(64).optional() })
                          .loose()
                          .optional(),
                        statuses: z.array(statusSchema).max(1000).optional(),
                        messages: z.array(inboundSchema).max(1000).optional(),
                      })
                      .loose(),
                  })
                  .loose(),
              )
              .max(100),
          })
          .loose(),
      )
      .max(100),
  })
  .loose();

export type WhatsAppWebhook = z.infer<typeof webhookSchema>;
export type WebhookStatus = z.infer<typeof statusSchema>;
export type WebhookInbound = z.infer<typeof inboundSchema>;
