import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLoopDeadline } from './loop-deadline.ts';

/** Keeps the event loop busy, as a synchronous image step in the same process does. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    /* busy */
  }
}

describe('withLoopDeadline', () => {
  let server: net.Server;
  let port: number;
  beforeAll(async () => {
    // Answers every line it is sent, like a server on another machine would.
    server = net.createServer((socket) => socket.on('data', (data) => socket.write(data)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => server.close());

  it('refuses a call that never answers', async () => {
    const never = new Promise<string>(() => {});
    await expect(withLoopDeadline(never, 60, () => new Error('did not answer'))).rejects.toThrow(
      'did not answer',
    );
  });

  it('keeps the answer when it comes in time', async () => {
    const soon = new Promise<string>((resolve) => setTimeout(() => resolve('ok'), 5));
    await expect(withLoopDeadline(soon, 500, () => new Error('did not answer'))).resolves.toBe('ok');
  });

  it('does not count a stalled event loop against a server that answers (two round trips)', async () => {
    const client = net.connect(port, '127.0.0.1');
    await once(client, 'connect');
    const reply = () => once(client, 'data').then(([data]) => String(data));
    const twoRoundTrips = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the deadline is running by now
      const first = reply();
      client.write('one');
      stall(900); // three times the deadline, while the answer waits in the socket
      await first;
      const second = reply();
      client.write('two');
      return second;
    })();
    await expect(withLoopDeadline(twoRoundTrips, 300, () => new Error('did not answer'))).resolves.toBe(
      'two',
    );
    client.destroy();
  });
});
