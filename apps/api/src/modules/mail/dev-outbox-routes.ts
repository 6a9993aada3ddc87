import { formatAgencyDateTime } from '@kwenda/contracts/display';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import type { MailRow } from '../../db/schema.js';
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

export const devOutboxRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
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
    return sendHtml(
      reply,
      page(
        'Dev outbox',
        `<h1>Dev outbox</h1><p>${rows.length} messages, newest first. Set SMTP_URL to send real e-mail.</p><table><thead><tr><th>To</th><th>Subject</th><th>Status</th><th>Attempts</th><th>Created</th></tr></thead><tbody>${list}</tbody></table>`,
      ),
    );
  });

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
