import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@scentinel/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { ContributionsReadModel, contributionsProjection } from '../contributions/index.ts';
import { ProjectionRuntime } from '../runtime/projection-runtime.ts';
import { type TestStore, testBackends } from '../testing/test-store.ts';
import { AccountClaims } from './account-claims.ts';
import { accountsProjection } from './accounts.projection.ts';
import { AccountsReadModel } from './accounts.read-model.ts';

const at = '2026-01-02T03:04:05.000Z';
const event = (type: string, data: unknown, actorId: string | null = null): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId, actorRole: null, requestId: null, occurredAt: at },
});

for (const backend of testBackends) {
  describe.skipIf(!backend.available)(`accounts and contributions read models (${backend.name})`, () => {
    let store: TestStore | undefined;
    let runtime: ProjectionRuntime | undefined;

    afterEach(async () => {
      await runtime?.stop();
      await store?.close();
    });

    async function setup() {
      store = await backend.open();
      runtime = new ProjectionRuntime({
        sql: store.sql,
        eventLog: store.eventLog,
        projections: [accountsProjection, contributionsProjection],
        syncIntervalMs: 60_000,
      });
      await runtime.start();
      return { store, runtime };
    }

    it('builds accounts and sessions from the log, and rebuilds them to the same state', async () => {
      const { store, runtime } = await setup();
      const log = store.eventLog;
      await log.append(
        'account:acc-1',
        [
          event('AccountRegistered', {
            account_id: 'acc-1',
            email: 'maker@example.test',
            username: 'Maker',
            role: 'manufacturer',
            password_hash: 'scrypt$hash',
            status: 'pending',
            bootstrap: false,
          }),
        ],
        0,
      );
      await log.append(
        'account:acc-1',
        [
          event('AccountApproved', { account_id: 'acc-1', role: 'manufacturer' }, 'acc-admin'),
          event('SignedIn', {
            account_id: 'acc-1',
            session_id: 'ses-1',
            token_hash: 'h1',
            expires_at: '2026-01-09T03:04:05.000Z',
          }),
          event('SignedIn', {
            account_id: 'acc-1',
            session_id: 'ses-2',
            token_hash: 'h2',
            expires_at: '2026-01-09T03:04:05.000Z',
          }),
          event('SessionRevoked', { account_id: 'acc-1', session_id: 'ses-1', reason: 'signed_out' }),
        ],
        1,
      );
      const last = await log.append(
        'contribution:con-1',
        [
          event('ContributionSubmitted', {
            contribution_id: 'con-1',
            perfume_id: 'p-1',
            perfume_name: 'Bloom',
            contributor_id: 'acc-1',
            contributor_role: 'manufacturer',
            contributor_notes: null,
            chemical_data: [
              {
                name: 'Linalool',
                type: 'synthetic',
                allergen_flag: true,
                description: null,
                cas_number: '78-70-6',
                concentration_min: null,
                concentration_max: 1,
                inci_name: null,
                regulatory_status: null,
              },
            ],
          }),
          event(
            'ContributionRejected',
            { contribution_id: 'con-1', perfume_id: 'p-1', contributor_id: 'acc-1', reason: 'No source' },
            'acc-admin',
          ),
        ],
        0,
      );
      expect(await runtime.waitForPosition(last.lastPosition)).toBe(true);

      const accounts = new AccountsReadModel(runtime, store.sql);
      const contributions = new ContributionsReadModel(runtime, store.sql);
      const check = async () => {
        expect(await accounts.byEmail('MAKER@example.test ')).toMatchObject({
          id: 'acc-1',
          status: 'active',
          username: 'Maker',
        });
        expect(await accounts.sameEmailOrUsername('other@example.test', 'maker')).toEqual([
          { account_id: 'acc-1', email: 'maker@example.test', username: 'Maker' },
        ]);
        expect(await accounts.sessionByTokenHash('h1')).toMatchObject({
          session: { session_id: 'ses-1', revoked: true },
        });
        expect(await accounts.sessionByTokenHash('h2')).toMatchObject({
          session: { revoked: false },
          account: { id: 'acc-1' },
        });
        expect(await accounts.sessionByTokenHash('nope')).toBeNull();
        expect((await accounts.list({ status: 'active', limit: 10, skip: 0 })).total).toBe(1);
        expect((await accounts.list({ status: 'pending', limit: 10, skip: 0 })).accounts).toEqual([]);
        expect(await accounts.adminExists()).toBe(false);
        expect(await contributions.byId('con-1')).toMatchObject({
          status: 'rejected',
          rejection_reason: 'No source',
          chemical_data: [{ name: 'Linalool', concentration_max: 1 }],
        });
        expect((await contributions.list({ contributorId: 'acc-1', limit: 10, skip: 0 })).total).toBe(1);
      };
      await check();
      await runtime.rebuild('accounts');
      await runtime.rebuild('contributions');
      await check();
    });

    it('claims make an email usable by one account only; stale claims of absent accounts are taken over', async () => {
      const { store } = await setup();
      const claims = new AccountClaims(store.sql);
      const exists = async (id: string) => id === 'acc-real';
      expect(
        await claims.claim('acc-real', ['email:a@x.test', 'username:a'], { accountExists: exists }),
      ).toBeNull();
      expect(
        await claims.claim('acc-other', ['email:b@x.test', 'username:a'], { accountExists: exists }),
      ).toBe('username:a');
      // The failed call kept nothing.
      expect(await claims.claim('acc-third', ['email:b@x.test'], { accountExists: exists })).toBeNull();
      // acc-third never reached the log: once stale, its claim can be taken over.
      expect(
        await claims.claim('acc-fourth', ['email:b@x.test'], { accountExists: exists, staleAfterMs: 0 }),
      ).toBeNull();
      expect(
        await claims.claim('acc-fifth', ['email:a@x.test'], { accountExists: exists, staleAfterMs: 0 }),
      ).toBe('email:a@x.test');
      await claims.release('acc-fourth', ['email:b@x.test']);
      expect(await claims.claim('acc-sixth', ['email:b@x.test'], { accountExists: exists })).toBeNull();
    });
  });
}
