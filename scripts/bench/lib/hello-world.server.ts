/**
 * The HTTP bench's peers: a Fastify hello-world (no logging, no plugins), run as its own process
 * like the app so both get a whole event loop. `POST /api/perfumes/filter` parses the JSON body of
 * the filter call and answers a constant, so the ratio shows what the app spends beyond Fastify
 * itself; `POST /payload` answers the file `HELLO_PAYLOAD_FILE` (the app's own answer, already
 * serialised and encoded as `HELLO_PAYLOAD_ENCODING` says, e.g. br), so a second ratio shows what the
 * payload's size alone costs.
 *
 *   PORT=4000 [HELLO_PAYLOAD_FILE=answer.bin HELLO_PAYLOAD_ENCODING=br] node --import tsx scripts/bench/lib/hello-world.server.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  process.stderr.write(`hello-world: PORT must be a TCP port, got '${process.env.PORT ?? ''}'\n`);
  process.exit(2);
}

const server = Fastify({ logger: false });
server.get('/', async () => ({ hello: 'world' }));
server.post('/api/perfumes/filter', async () => ({ hello: 'world' }));
const payloadFile = process.env.HELLO_PAYLOAD_FILE;
if (payloadFile) {
  const payload = readFileSync(payloadFile);
  const encoding = process.env.HELLO_PAYLOAD_ENCODING;
  server.post('/payload', (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    reply.send(payload);
  });
}

process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});

await server.listen({ host: '127.0.0.1', port });
process.stdout.write(`hello-world listening on http://127.0.0.1:${port}\n`);
