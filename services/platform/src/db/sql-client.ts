import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite, types as pgliteTypes, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small SQL interface over PGlite (embedded default) and a Postgres server (`pg` Pool), so the
 * same Postgres SQL runs on both. Every client is bound to one schema:
 * unqualified table names resolve there (`search_path = <schema>, public`), and the schema is
 * created when the client is opened.
 *
 * Values come back the same on both: `bigint`/`int8` as JS numbers (an error if beyond 2^53),
 * `jsonb` parsed, `timestamptz` as `Date`, `numeric` as string.
 */

export type SqlRow = Record<string, unknown>;

export interface SqlResult<T> {
  rows: T[];
  /** Rows returned or affected. */
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Keep the statement prepared on each server connection (skips parsing and planning next time).
   * For hot statements whose SQL text is a constant; ignored on PGlite.
   */
  prepare?: boolean;
}

export interface SqlExecutor {
  /** One statement with `$1..$n` parameters. */
  query<T = SqlRow>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<SqlResult<T>>;
  /** One or more `;`-separated statements without parameters (DDL, migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlExecutor {
  readonly dialect: 'pglite' | 'postgres';
  /** The schema every unqualified name resolves to. */
  readonly schema: string;
  /**
   * Runs `fn` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws.
   * Use only `tx` inside `fn` (on PGlite the outer client waits for the transaction to end).
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Postgres server only: calls `onNotify` on each NOTIFY on `channel` (from any process), on one
   * connection of its own that is opened again after it breaks (`onNotify` is called then too, as
   * notifications may have been missed, with no payload). Resolves once listening; the result stops it.
   */
  listen?(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface SqlClientOptions {
  /** Schema for every table of this client; default `public`. Lowercase letters, digits and `_`. */
  schema?: string;
}

export interface PgClientOptions extends SqlClientOptions {
  /** Pool size (default 10). */
  max?: number;
  /** Fail a connection attempt after this long (default 5000 ms). */
  connectionTimeoutMillis?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid schema name ${JSON.stringify(schema)}: use lowercase letters, digits and _`);
  }
  return schema;
}

function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint value ${value} does not fit in a JS number`);
  return n;
}

/**
 * PGlite over a data directory (created if missing), or `memory://` for a throwaway database.
 * PGlite is one connection: statements and transactions run one at a time, in call order.
 */
export async function createPgliteClient(
  dataDir: string,
  options: SqlClientOptions = {},
): Promise<SqlClient> {
  const schema = assertSchemaName(options.schema ?? 'public');
  if (!dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { parsers: { [pgliteTypes.INT8]: parseInt8 } });
  try {
    await db.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"; SET search_path TO "${schema}", public;`);
  } catch (error) {
    await db.close();
    throw error;
  }
  return new PgliteSqlClient(db, schema);
}

class PgliteSqlClient implements SqlClient {
  readonly dialect = 'pglite';

  constructor(
    private readonly db: PGlite,
    readonly schema: string,
  ) {}

  query<T = SqlRow>(sql: string, params: readonly unknown[] = []): Promise<SqlResult<T>> {
    return pgliteQuery<T>(this.db, sql, params);
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn({
        query: <R = SqlRow>(sql: string, params: readonly unknown[] = []) => pgliteQuery<R>(tx, sql, params),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

async function pgliteQuery<T>(
  db: PGlite | Transaction,
  sql: string,
  params: readonly unknown[],
): Promise<SqlResult<T>> {
  try {
    const result = await db.query<T>(sql, params as unknown[]);
    return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
  } catch (error) {
    throw withoutParameters(error);
  }
}

/** Fields a driver may put on a failed statement's error that hold the statement's values. */
const PARAMETER_FIELDS = ['params', 'parameters', 'values', 'queryOptions'] as const;
/** Fields of a data exception that quote the refused value or the text around it. */
const VALUE_FIELDS = ['detail', 'where', 'internalQuery'] as const;

/**
 * Takes a failed statement's values off its error before anyone logs it: the parameters PGlite
 * attaches (`params`), and for a data exception (class 22, 54000) the quoted value in the message
 * and the detail/context fields that echo it (the JSON text around a bad character, for one).
 * Parameters hold password hashes, session-token hashes and whole event payloads. The SQLSTATE,
 * the kind of error, the constraint and (for other errors) the detail stay.
 */
export function withoutParameters<E>(error: E): E {
  if (typeof error !== 'object' || error === null) return error;
  const fields = error as Record<string, unknown>;
  for (const field of PARAMETER_FIELDS) if (Object.hasOwn(error, field)) delete fields[field];
  if (isPgDataError(error)) {
    for (const field of VALUE_FIELDS) if (Object.hasOwn(error, field)) delete fields[field];
    const message = error.message;
    const withheld = message.replace(/:\s*".*$/s, ': (value withheld)');
    if (withheld !== message) {
      error.message = withheld;
      if (typeof error.stack === 'string') error.stack = error.stack.replace(message, withheld);
    }
  }
  return error;
}

/**
 * A Postgres "data exception" (SQLSTATE class 22: a NUL in text, an untranslatable character,
 * malformed JSON or numbers, values out of range) or "program limit exceeded" (54000): the value
 * sent was at fault, not the server.
 */
export function isPgDataError(error: unknown): error is PgErrorFields {
  return isPgError(error) && (error.code.startsWith('22') || error.code === '54000');
}

const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/i;

/**
 * Whether an error says the database server could not be reached or went away (refused or broken
 * connection, server shutting down or starting, no connection slot left), not that the statement
 * was wrong: the request may succeed when tried again later.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NODE_CODES.has(code)))
    return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // A connection attempt that fails on every address comes as an AggregateError of the attempts.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailableError);
}

/**
 * A `pg` Pool on a Postgres server. Checks the connection (and creates the schema) before returning,
 * so a wrong or unreachable `connectionString` fails here.
 */
export async function createPgClient(
  connectionString: string,
  options: PgClientOptions = {},
): Promise<SqlClient> {
  const schema = assertSchemaName(options.schema ?? 'public');
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    options: `-c search_path=${schema},public`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 && format !== 'binary'
          ? parseInt8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    await pool.end();
    // Two clients creating the same schema at once: the loser sees a duplicate; the schema exists.
    if (!isPgError(error, '23505') && !isPgError(error, '42P06')) throw error;
    return createPgClient(connectionString, options);
  }
  return new PgPoolSqlClient(pool, schema);
}

class PgPoolSqlClient implements SqlClient {
  readonly dialect = 'postgres';
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    readonly schema: string,
  ) {}

  query<T = SqlRow>(
    sql: string,
    params: readonly unknown[] = [],
    options?: QueryOptions,
  ): Promise<SqlResult<T>> {
    return pgQuery<T>(this.pool, sql, params, options);
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const conn = await this.pool.connect();
    let broken: Error | undefined;
    // A connection held by a transaction has no listener of the pool's: when the server goes away
    // between two statements, its 'error' event would crash the process. Note it instead; the
    // next statement fails, and the connection is dropped on release.
    const onError = (error: Error) => {
      broken ??= error;
    };
    conn.on('error', onError);
    try {
      await conn.query('BEGIN');
      const result = await fn({
        query: <R = SqlRow>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) =>
          pgQuery<R>(conn, sql, params, options),
        exec: async (sql: string) => {
          await conn.query(sql);
        },
      });
      await conn.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await conn.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error; // drop this connection instead of returning it to the pool
      }
      throw error;
    } finally {
      conn.removeListener('error', onError);
      conn.release(broken);
    }
  }

  async listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>> {
    let stopped = false;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const client = new pg.Client(this.pool.options);
      client.on('error', () => {}); // 'end' follows and reconnects
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload);
      });
      client.on('end', () => {
        if (stopped) return;
        onNotify();
        const again = () => {
          retry = undefined;
          if (!stopped) connect().catch(() => (retry = setTimeout(again, 1_000).unref()));
        };
        retry = setTimeout(again, 250).unref();
      });
      await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      if (stopped) await client.end().catch(() => {});
      else current = client;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

const statementNames = new Map<string, string>();

/** A stable name per SQL text, so each connection prepares a statement once. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `sc_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

async function pgQuery<T>(
  db: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  options?: QueryOptions,
): Promise<SqlResult<T>> {
  const values = params as unknown[];
  try {
    const result = await (options?.prepare
      ? db.query({ name: statementName(sql), text: sql, values })
      : db.query(sql, values));
    return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
  } catch (error) {
    throw withoutParameters(error);
  }
}

/** True when `error` is a Postgres error (from either client) with this SQLSTATE, e.g. `23505`. */
export function isPgError(error: unknown, code?: string): error is PgErrorFields {
  if (typeof error !== 'object' || error === null) return false;
  const c = (error as { code?: unknown }).code;
  return typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c) && (code === undefined || c === code);
}

/** The fields both clients put on a Postgres error. */
export interface PgErrorFields extends Error {
  code: string;
  detail?: string;
  constraint?: string;
}
