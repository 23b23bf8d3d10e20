/**
 * The thread that reads pages of the log from a Postgres server for `PageReadThread`
 * (`page-read-thread.ts`): it runs the read on a connection of its own, decodes the protocol and
 * writes the page's events (exactly as the log's `readAll` returns them) as a tape
 * (`page-tape-writer.mjs`): typed arrays of integers and numbers, and the page's distinct strings
 * once each. Typed arrays move across threads without a copy and a few thousand strings copy
 * cheaply, and the main thread rebuilds the events from them in a quarter of the time parsing
 * their JSON takes (objects sent as they are would cost more to receive than the parse).
 *
 * Plain JavaScript on purpose: a worker thread starts from a file Node runs as it is, both under
 * the TypeScript loader (tests, scripts) and in the server's bundle.
 *
 * Messages in: `{ id, after, limit, types }`. Out: `{ id, page }` or `{ id, error }` (the fields of
 * a Postgres error a caller may look at: message, code, detail, constraint).
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { TapeWriter } from './page-tape-writer.mjs';

const { connectionString, schema, sql } = workerData;
const JSONB = 3802;
const JSON_OID = 114;
const INT8 = 20;

function parseInt8(value) {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint value ${value} does not fit in a JS number`);
  return n;
}

const types = {
  // JSON stays the text Postgres sent: `encodePage` scans it into the tape.
  getTypeParser: (oid, format) =>
    (oid === JSONB || oid === JSON_OID) && format !== 'binary'
      ? (text) => text
      : oid === INT8 && format !== 'binary'
        ? parseInt8
        : pg.types.getTypeParser(oid, format),
};

/** The connection (opened on the first read, again after one broke). */
let client = null;

function connection() {
  if (client) return client;
  const next = new pg.Client({ connectionString, options: `-c search_path=${schema},public`, types });
  // A broken connection fails the read in progress ('end' follows); the next read opens another.
  next.on('error', () => {});
  const opened = next.connect().then(() => next);
  const forget = () => {
    if (client === opened) client = null;
  };
  next.on('end', forget);
  opened.catch(forget);
  client = opened;
  return opened;
}

const writer = new TapeWriter();

/**
 * The page's events, as the log's `readAll` returns them, in the tape form `page-tape.ts` reads,
 * stopped at the first row held back (as the adapter does). Rows (array mode): position, id,
 * stream_id, version, type, schema_version, data, metadata, recorded_at, data_text, held.
 */
function encodePage(rows) {
  let count = 0;
  while (count < rows.length && !rows[count][10]) count++;
  writer.array(count);
  for (let i = 0; i < count; i++) {
    const r = rows[i];
    const data = r[9] ?? r[6];
    writer.object(9);
    writer.key('id');
    writer.string(r[1]);
    writer.key('type');
    writer.string(r[4]);
    writer.key('schemaVersion');
    writer.number(r[5]);
    writer.key('data');
    if (data === null) writer.null();
    else writer.json(data);
    writer.key('metadata');
    if (r[7] === null) writer.null();
    else writer.json(r[7]);
    writer.key('streamId');
    writer.string(r[2]);
    writer.key('version');
    writer.number(r[3]);
    writer.key('position');
    writer.number(r[0]);
    writer.key('recordedAt');
    writer.string(r[8].toISOString());
  }
  return writer.finish();
}

async function read({ after, limit, types: dataTypes }) {
  const db = await connection();
  const result = await db.query({
    name: 'scentinel_read_page',
    text: sql,
    values: [after, limit, dataTypes],
    rowMode: 'array',
  });
  try {
    return encodePage(result.rows);
  } catch (error) {
    writer.finish();
    throw error;
  }
}

parentPort.on('message', (message) => {
  if (message === 'close') {
    const db = client;
    client = null;
    (db ?? Promise.resolve(null))
      .then((c) => c?.end())
      .catch(() => {})
      .finally(() => parentPort.close());
    return;
  }
  read(message).then(
    (page) => parentPort.postMessage({ id: message.id, page }, [page.tape.buffer, page.numbers.buffer]),
    (error) =>
      parentPort.postMessage({
        id: message.id,
        error: {
          message: String(error?.message ?? error),
          code: error?.code,
          detail: error?.detail,
          constraint: error?.constraint,
        },
      }),
  );
});
