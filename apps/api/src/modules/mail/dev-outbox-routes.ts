import { formatAgencyDateTime } from '@kwenda/contracts/display';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import type { MailAttachment, MailRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createMailRepository } from './mail-repository.js';
import { escapeHtml } from '../../escape-html.js';

/** Times as the agency reads every instant: its own clock, the zone named (contracts display-time). */
const when = (instant: Date) => formatAgencyDateTime(instant, 'en', { weekday: 'short', month: 'short' });

/**
 * The developer's mailbox without an SMTP server: every message the app queued, as it was (or
 * will be) sent. Registered only when NODE_ENV is not production: it shows travellers' mail.
 * Plain HTML, no scripts (the site's CSP allows none); everything from the database is escaped.
 */

const page = (title: string, body: string) => `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:start;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}a{color:#0b5394}dt{font-weight:bold}dd{margin:0 0 6px}</style>
</head><body>${body}</body></html>`;

const sendHtml = (reply: FastifyReply, html: string) =>
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

/** A message's HTML: no scripts, no network, no plugins, whatever it contains. */
const CONTENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
/** Kinds a browser may show in the page; anything else is downloaded. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/plain']);

const sizeOf = (base64: string) => {
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  return bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`;
};
const statusOf = (m: MailRow) => `${m.status}${m.transport ? ` (${m.transport})` : ''}`;

/** A WhatsApp message as the dev outbox lists it (built by the whatsapp module, which owns its table). */
export interface DevWhatsAppMessage {
  id: string;
  to: string;
  /** Kwenda's template key ('opt_out_reply' for the free-form answer to STOP). */
  template: string;
  /** The name Meta knows the template by (WHATSAPP_TEMPLATE_<KEY>). */
  templateName: string;
  language: string;
  params: string[];
  /** The body as the traveller reads it. */
  text: string;
  purpose: string;
  status: string;
  transport: string | null;
  attempts: number;
  errorCode: number | null;
  lastError: string | null;
  wamid: string | null;
  createdAt: Date;
  sentAt: Date | null;
  document: MailAttachment | null;
}

export interface DevWhatsAppOutbox {
  list(): Promise<DevWhatsAppMessage[]>;
  find(id: string): Promise<DevWhatsAppMessage | undefined>;
}

const statusOfWhatsApp = (m: DevWhatsAppMessage) =>
  `${m.status}${m.transport ? ` (${m.transport})` : ''}${m.errorCode !== null ? ` error ${m.errorCode}` : ''}`;

export const devOutboxRoutes: FastifyPluginAsync<{ database: Database; whatsapp?: DevWhatsAppOutbox }> = async (
  app,
  { database, whatsapp },
) => {
  const repo = createMailRepository(database);
  const mustFind = async (id: string) => {
    const mail = /^[\w-]{1,100}$/.test(id) ? await repo.find(id) : undefined;
    if (!mail) throw new AppError(404, 'NOT_FOUND', 'No message with this id');
    return mail;
  };

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await repo.list();
    const list = rows
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.toAddress)}</td><td><a href="/dev/outbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(statusOf(m))}</td><td>${m.attempts}</td><td>${escapeHtml(when(m.createdAt))}</td></tr>`,
      )
      .join('');
    const messages = whatsapp ? await whatsapp.list() : [];
    const whatsappList = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.to)}</td><td><a href="/dev/outbox/whatsapp/${encodeURIComponent(m.id)}">${escapeHtml(m.template)}</a>${m.document ? ' 📄' : ''}</td><td>${escapeHtml(m.language)}</td><td>${escapeHtml(m.params.join(' | '))}</td><td>${escapeHtml(statusOfWhatsApp(m))}</td><td>${m.attempts}</td><td>${escapeHtml(when(m.createdAt))}</td></tr>`,
      )
      .join('');
    const whatsappSection = whatsapp
      ? `<h2 id="whatsapp">WhatsApp</h2><p>${messages.length} messages, newest first. Set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET to send them on WhatsApp.</p><table><thead><tr><th>To</th><th>Template</th><th>Language</th><th>Parameters</th><th>Status</th><th>Attempts</th><th>Created</th></tr></thead><tbody>${whatsappList}</tbody></table>`
      : '';
    return sendHtml(
      reply,
      page(
        'Dev outbox',
        `<h1>Dev outbox</h1><h2 id="email">E-mail</h2><p>${rows.length} messages, newest first. Set SMTP_URL to send real e-mail.</p><table><thead><tr><th>To</th><th>Subject</th><th>Status</th><th>Attempts</th><th>Created</th></tr></thead><tbody>${list}</tbody></table>${whatsappSection}`,
      ),
    );
  });

  if (whatsapp) {
    const mustFindWhatsApp = async (id: string) => {
      const message = /^[\w-]{1,100}$/.test(id) ? await whatsapp.find(id) : undefined;
      if (!message) throw new AppError(404, 'NOT_FOUND', 'No WhatsApp message with this id');
      return message;
    };

    app.get<{ Params: { id: string } }>('/dev/outbox/whatsapp/:id', async (request, reply) => {
      const m = await mustFindWhatsApp(request.params.id);
      const fields: [string, string][] = [
        ['To', m.to],
        ['Template', `${m.template} (${m.templateName})`],
        ['Language', m.language],
        ['Purpose', m.purpose],
        ['Status', statusOfWhatsApp(m)],
        ['Attempts', String(m.attempts)],
        ['Created', when(m.createdAt)],
        ['Sent', m.sentAt ? when(m.sentAt) : '-'],
        ['WhatsApp message id', m.wamid ?? '-'],
        ...(m.lastError ? ([['Last error', m.lastError]] as [string, string][]) : []),
      ];
      const params = m.params.map((p, i) => `<li>{{${i + 1}}} ${escapeHtml(p)}</li>`).join('');
      const document = m.document
        ? `<h2>Document</h2><p><a href="/dev/outbox/whatsapp/${encodeURIComponent(m.id)}/document" download="${escapeHtml(m.document.filename)}">${escapeHtml(m.document.filename)}</a> (${escapeHtml(m.document.contentType)}, ${sizeOf(m.document.content)})</p>`
        : '';
      return sendHtml(
        reply,
        page(
          `WhatsApp ${m.template}`,
          `<p><a href="/dev/outbox#whatsapp">← outbox</a></p><h1>WhatsApp: ${escapeHtml(m.template)}</h1><dl>${fields.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>${document}<h2>Parameters</h2><ol>${params}</ol><h2>Text</h2><pre dir="auto">${escapeHtml(m.text)}</pre>`,
        ),
      );
    });

    app.get<{ Params: { id: string } }>('/dev/outbox/whatsapp/:id/document', async (request, reply) => {
      const m = await mustFindWhatsApp(request.params.id);
      if (!m.document) throw new AppError(404, 'NOT_FOUND', 'This message has no document');
      const disposition = INLINE_TYPES.has(m.document.contentType) ? 'inline' : 'attachment';
      return reply
        .header('content-type', m.document.contentType)
        .header('content-disposition', `${disposition}; filename="${m.document.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(m.document.content, 'base64'));
    });
  }

  app.get<{ Params: { id: string } }>('/dev/outbox/:id', async (request, reply) => {
    const m = await mustFind(request.params.id);
    const id = encodeURIComponent(m.id);
    const headers: [string, string][] = [
      ['To', m.toAddress],
      ['Subject', m.subject],
      ['Status', statusOf(m)],
      ['Attempts', String(m.attempts)],
      ['Created', when(m.createdAt)],
      ['Sent', m.sentAt ? when(m.sentAt) : '-'],
      ['Next attempt', m.status === 'pending' ? when(m.nextAttemptAt) : '-'],
      ['Dedupe key', m.dedupeKey ?? '-'],
      ...(m.lastError ? ([['Last error', m.lastError]] as [string, string][]) : []),
    ];
    const attachments = m.attachments
      .map(
        (a, i) =>
          `<li><a href="/dev/outbox/${id}/attachments/${i}" download="${escapeHtml(a.filename)}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${sizeOf(a.content)})</li>`,
      )
      .join('');
    return sendHtml(
      reply,
      page(
        m.subject,
        `<p><a href="/dev/outbox">← outbox</a></p><h1>${escapeHtml(m.subject)}</h1><dl>${headers.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl><p><a href="/dev/outbox/${id}/html">Open the HTML version</a></p>${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''}<h2>Text</h2><pre>${escapeHtml(m.textBody)}</pre>`,
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/dev/outbox/:id/html', async (request, reply) => {
    const m = await mustFind(request.params.id);
    // The message as sent, in a sandbox of its own: it is built from travellers' input.
    return sendHtml(reply.header('content-security-policy', CONTENT_CSP), m.htmlBody);
  });

  app.get<{ Params: { id: string; index: string } }>('/dev/outbox/:id/attachments/:index', async (request, reply) => {
    const m = await mustFind(request.params.id);
    const file = /^\d{1,3}$/.test(request.params.index) ? m.attachments[Number(request.params.index)] : undefined;
    if (!file) throw new AppError(404, 'NOT_FOUND', 'No such attachment');
    const disposition = INLINE_TYPES.has(file.contentType) ? 'inline' : 'attachment';
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `${disposition}; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.content, 'base64'));
  });
};
