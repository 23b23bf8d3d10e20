/**
 * Secrets never reach the log: a password, its hash, a session token or the token's hash, whether
 * a request succeeds, is refused, or fails inside a SQL statement whose parameters hold them.
 */
import { createPgliteClient, withoutParameters } from '@scentinel/platform';
import { loggerOptions } from '@scentinel/platform/logging';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from '../auth/testing/accounts-harness.ts';

describe('log redaction', () => {
  let h: Harness;
  const lines: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => h?.close());

  /** Every secret the account's events hold, plus the password and the live token. */
  async function secretsOf(accountId: string, token: string): Promise<string[]> {
    const events = await h.eventLog.readStream(`account:${accountId}`);
    const secrets = [PASSWORD, token];
    for (const e of events) {
      const data = e.data as { password_hash?: string; token_hash?: string };
      if (data.password_hash) secrets.push(data.password_hash, data.password_hash.split('$').at(-1)!);
      if (data.token_hash) secrets.push(data.token_hash);
    }
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    return secrets;
  }

  it('keeps hashes and tokens out of the log when a write fails inside SQL', async () => {
    const { id, email } = await h.signUp('regular_user');
    const token = await h.login(email);
    // The next sign-in's append fails in a statement whose parameters are the events themselves.
    const append = h.eventLog.appendMany.bind(h.eventLog);
    h.eventLog.appendMany = async (batches) => {
      await h.sql.query('INSERT INTO no_such_table SELECT $1::jsonb', [JSON.stringify(batches)]);
      return append(batches);
    };
    try {
      const res = await h.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        detail: 'An unexpected error occurred. Please try again later.',
        code: 'internal_error',
      });
    } finally {
      h.eventLog.appendMany = append;
    }
    await h.call('POST', '/api/auth/logout', { token });
    const log = lines.join('');
    expect(log).toContain('request failed'); // the failure itself is logged
    expect(log).toContain('no_such_table');
    for (const secret of await secretsOf(id, token)) expect(log).not.toContain(secret);
  });

  it('redacts a raw driver error that still carries its parameters, and secret fields anywhere', async () => {
    const db = await createPgliteClient('memory://');
    const out: string[] = [];
    const logger = pino(loggerOptions('debug'), { write: (s: string) => out.push(s) });
    const secret = 'scrypt$32768$8$1$c2FsdHNhbHQ$SECRETHASHVALUE';
    // PGlite puts the parameters on its error; the client takes them off …
    const viaClient = await db.query('SELECT $1::int', [secret]).catch((e: unknown) => e);
    expect(Object.keys(viaClient as object)).not.toContain('params');
    // … and the logger drops them even from an error that still has them.
    const raw = Object.assign(new Error('invalid input syntax'), { code: '22P02', params: [secret] });
    logger.error({ err: raw }, 'failed');
    logger.error({ err: viaClient }, 'failed too');
    logger.info({ data: { password_hash: secret, token_hash: 'TOKENHASH1' } }, 'payload');
    logger.info({ event: { data: { password_hash: secret } } }, 'event');
    logger.info({ events: [{ data: { token_hash: 'TOKENHASH2' } }] }, 'events');
    logger.info({ body: { email: 'a@b.c', password: 'PLAINPASSWORD' }, session_token: 'TOKEN3' }, 'body');
    logger.info({ req: { headers: { authorization: 'Bearer TOKEN4', 'x-admin-key': 'KEY5' } } }, 'req');
    await db.close();
    const log = out.join('');
    expect(log).toContain('invalid input syntax');
    for (const s of [secret, 'TOKENHASH1', 'TOKENHASH2', 'PLAINPASSWORD', 'TOKEN3', 'TOKEN4', 'KEY5']) {
      expect(log).not.toContain(s);
    }
    expect(withoutParameters(Object.assign(new Error('x'), { params: [1] }))).not.toHaveProperty('params');
  });
});
