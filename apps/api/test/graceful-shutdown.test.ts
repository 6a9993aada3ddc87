import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { offerRequest } from './helpers/factories.js';
import { startServer, type ServerProcess } from './helpers/server-process.js';

/** Resolves with everything the server sent once `done` says it is complete (or the socket ends). */
function readUntil(socket: net.Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (done(text)) finish();
    };
    const finish = () => {
      socket.off('data', onData);
      socket.off('end', finish);
      socket.off('error', reject);
      resolve(text);
    };
    socket.on('data', onData);
    socket.on('end', finish);
    socket.on('error', reject);
  });
}

/** Whether a new TCP connection to the port is refused now. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.kill());

  it('stops taking connections, finishes the request in flight with its answer, then exits 0', async () => {
    server = await startServer({ readyTimeoutMs: 120_000 });
    const body = JSON.stringify(offerRequest({ currency: 'USD' }));

    // A search whose body is still on its way: the server has its headers (it says 100 Continue), so
    // the request is in flight when the signal arrives.
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const continued = readUntil(socket, (text) => text.includes('\r\n\r\n'));
    socket.write(
      [
        'POST /api/v1/offers/request HTTP/1.1',
        `Host: 127.0.0.1:${server.port}`,
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        'Connection: keep-alive',
        '',
        '',
      ].join('\r\n'),
    );
    expect(await continued).toMatch(/^HTTP\/1\.1 100 Continue/);

    const exited = new Promise<number | null>((resolve) => server!.child.once('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    // A new connection is refused once the server has let go of its port.
    while (!(await refused(server.port))) await new Promise((resolve) => setTimeout(resolve, 50));

    const answered = readUntil(socket, () => false);
    socket.write(body);
    const response = await answered;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    // The kept-alive connection is closed after its answer, so it does not hold the exit.
    expect(response).toMatch(/\r\nconnection: close\r\n/i);
    const json = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { offers: unknown[]; rate: object };
    expect(json.offers.length).toBeGreaterThan(0);

    expect(await exited).toBe(0);
  }, 180_000);

  it('cuts a request that does not finish within SHUTDOWN_TIMEOUT_SECONDS, and exits 1', async () => {
    server = await startServer({ env: { SHUTDOWN_TIMEOUT_SECONDS: '1' }, readyTimeoutMs: 120_000 });
    // A request whose body never comes.
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const continued = readUntil(socket, (text) => text.includes('\r\n\r\n'));
    socket.write(
      'POST /api/v1/offers/request HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await continued;
    const cut = readUntil(socket, () => false);
    expect(await server.stop()).toBe(1);
    expect(await cut).toBe('');
  }, 180_000);
});
