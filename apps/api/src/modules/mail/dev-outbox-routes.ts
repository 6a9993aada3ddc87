import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findMail, listMail } from './mail-repository.js';

/**
 * The developer's mailbox without an SMTP server: every message the app queued, as it was (or
 * will be) sent. Registered only when NODE_ENV is not production: it shows travellers' mail.
 */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1a1a1a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:6px 8px;text-align:start;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:12px}a{color:#0b5394}</style>
</head><body>${body}</body></html>`;

const send = (reply: FastifyReply, html: string) => reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

export const devOutboxRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const mustFind = async (id: string) => {
    const mail = await findMail(database.db, id);
    if (!mail) throw new AppError(404, 'NOT_FOUND', 'No message with this id');
    return mail;
  };

  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await listMail(database.db);
    const list = rows
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${escapeHtml(m.toAddress)}</td><td><a href="/dev/outbox/${encodeURIComponent(m.id)}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.status)}${m.transport ? ` (${escapeHtml(m.transport)})` : ''}</td><td>${m.attempts}</td></tr>`,
      )
      .join('');
    return send(reply, page('Dev outbox', `<h1>Dev outbox</h1><p>${rows.length} messages, newest first. Set SMTP_URL to send real e-mail.</p><table><thead><tr><th>Created</th><th>To</th><th>Subject</th><th>Status</th><th>Attempts</th></tr></thead><tbody>${list}</tbody></table>`));
  });

  app.get<{ Params: { id: string } }>('/dev/outbox/:id', async (request, reply) => {
    const m = await mustFind(request.params.id);
    const id = encodeURIComponent(m.id);
    const attachments = m.attachments
      .map((a, i) => `<li><a href="/dev/outbox/${id}/attachments/${i}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${Math.round((a.content.length * 3) / 4 / 1024)} KB)</li>`)
      .join('');
    return send(
      reply,
      page(
        m.subject,
        `<p><a href="/dev/outbox">← outbox</a></p><h1>${escapeHtml(m.subject)}</h1><p>To: ${escapeHtml(m.toAddress)}<br>Status: ${escapeHtml(m.status)}, attempts ${m.attempts}${m.lastError ? `, last error: ${escapeHtml(m.lastError)}` : ''}</p><p><a href="/dev/outbox/${id}/html">Open the HTML version</a></p>${attachments ? `<h2>Attachments</h2><ul>${attachments}</ul>` : ''}<h2>Text</h2><pre>${escapeHtml(m.textBody)}</pre>`,
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/dev/outbox/:id/html', async (request, reply) => {
    const m = await mustFind(request.params.id);
    // The message as sent; the site's CSP (no scripts) still applies to it here.
    return send(reply, m.htmlBody);
  });

  app.get<{ Params: { id: string; index: string } }>('/dev/outbox/:id/attachments/:index', async (request, reply) => {
    const m = await mustFind(request.params.id);
    const file = m.attachments[Number(request.params.index)];
    if (!file) throw new AppError(404, 'NOT_FOUND', 'No such attachment');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .send(Buffer.from(file.content, 'base64'));
  });
};
