import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type: string };
  payload: Record<string, unknown>;
  url: string;
}

/** A stand-in for Sentry's ingest: keeps every envelope item posted to /api/<project>/envelope/. */
export async function startSentryStandIn() {
  const items: EnvelopeItem[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      // An envelope: a header line, then item-header and item-payload lines.
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        items.push({ url: request.url ?? '', header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    dsn: `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/1`,
    events: () => items.filter((item) => item.header.type === 'event'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
