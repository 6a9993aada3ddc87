import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackRequestsInFlight } from './requests-in-flight.js';

/** A promise and the function that resolves it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function serverWithSlowRoute() {
  const app = Fastify();
  const tracker = trackRequestsInFlight(app);
  const started = deferred();
  const release = deferred();
  const finished: string[] = [];
  app.post('/slow', async () => {
    started.resolve();
    await release.promise;
    finished.push('slow');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  return { app, tracker, port, started, release, finished };
}

/** Sends a raw request on a new connection and returns the socket. */
async function send(port: number, lines: string[]) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.write(lines.join('\r\n'));
  return socket;
}

describe('requests in flight', () => {
  it('a handler whose client has left still counts after the server closed, until it finishes', async () => {
    const { app, tracker, port, started, release, finished } = await serverWithSlowRoute();
    const socket = await send(port, [
      'POST /slow HTTP/1.1',
      'Host: x',
      'Content-Type: application/json',
      'Content-Length: 2',
      '',
      '{}',
    ]);
    await started.promise;
    socket.destroy();
    // The server closes as soon as its connections have: the handler is still at work.
    await app.close();
    expect(tracker.count).toBe(1);
    let settled = false;
    const waiting = tracker.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    release.resolve();
    await waiting;
    expect(finished).toEqual(['slow']);
    expect(tracker.count).toBe(0);
  });

  it('a request whose body never came does not hold the shutdown once its client left', async () => {
    const { app, tracker, port } = await serverWithSlowRoute();
    const socket = await send(port, [
      'POST /slow HTTP/1.1',
      'Host: x',
      'Content-Type: application/json',
      'Content-Length: 100',
      '',
      '{"par',
    ]);
    await expect.poll(() => tracker.count).toBe(1);
    socket.destroy();
    await app.close();
    await tracker.settled();
    expect(tracker.count).toBe(0);
  });

  it('answered requests leave nothing behind', async () => {
    const { app, tracker, port, release } = await serverWithSlowRoute();
    release.resolve();
    const response = await fetch(`http://127.0.0.1:${port}/slow`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/missing`)).status).toBe(404);
    await app.close();
    expect(tracker.count).toBe(0);
  });
});
