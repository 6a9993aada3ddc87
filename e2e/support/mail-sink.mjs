// A real SMTP server for the browser journeys: the app sends its e-mail here (SMTP_URL), and the
// tests read what arrived over a small HTTP API. Started by playwright.config.ts as a web server.
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 3225);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 3226);
/** @type {{ to: string[]; from: string; subject: string; text: string; html: string; date: string; attachments: { filename: string; contentType: string; content: Buffer }[] }[]} */
const messages = [];

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          date: new Date().toISOString(),
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
    const attachment = url.pathname.match(/^\/messages\/(\d+)\/attachments\/(\d+)$/);
    if (url.pathname === '/health') return response.end('ok');
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      const list = messages
        .map((m, index) => ({
          ...m,
          index,
          attachments: m.attachments.map((a, i) => ({
            index: i,
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
          })),
        }))
        .filter((m) => !to || m.to.includes(to));
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(list));
    }
    if (attachment) {
      const file = messages[Number(attachment[1])]?.attachments[Number(attachment[2])];
      if (!file) {
        response.statusCode = 404;
        return response.end();
      }
      response.setHeader('content-type', file.contentType);
      return response.end(file.content);
    }
    response.statusCode = 404;
    response.end();
  })
  .listen(httpPort, '127.0.0.1');
