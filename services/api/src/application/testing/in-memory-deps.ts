/**
 * For the application-layer unit tests: the deps of the command handlers over the in-memory event
 * log, with read models folded straight from the log on every question (always caught up), and
 * an in-memory claim table. No Fastify, no database.
 */
import {
  type AccountState,
  accounts,
  type ChemicalState,
  type ContributionState,
  chemicalStreamId,
  chemicals,
  contributions,
  type DomainEvent,
  foldText,
  type PerfumeState,
  parseStreamId,
  perfumeChemicals,
  perfumeStreamId,
  perfumes,
  systemActor,
  usernameKey,
} from '@scentinel/domain';
import { InMemoryEventLog, metadataFor, type StoredEvent, toNewEvents } from '@scentinel/platform';
import { catalogueFixtures } from '@scentinel/platform/search';
import type { AccountView, ApplicationDeps, ContributionView } from '../deps.ts';

type Folded = {
  account: Map<string, AccountState>;
  chemical: Map<string, ChemicalState>;
  perfume: Map<string, PerfumeState>;
  contribution: Map<string, { state: ContributionState; submittedAt: string; reviewedAt: string | null }>;
};

async function foldAll(log: InMemoryEventLog): Promise<Folded> {
  const out: Folded = {
    account: new Map(),
    chemical: new Map(),
    perfume: new Map(),
    contribution: new Map(),
  };
  for (const e of await log.readAll({ after: 0 })) {
    const stream = parseStreamId(e.streamId);
    const event = { type: e.type, data: e.data } as DomainEvent;
    if (stream?.category === 'account')
      out.account.set(
        stream.id,
        accounts.evolve(out.account.get(stream.id) ?? accounts.initialState, event as never),
      );
    if (stream?.category === 'chemical')
      out.chemical.set(
        stream.id,
        chemicals.evolve(out.chemical.get(stream.id) ?? chemicals.initialState, event as never),
      );
    if (stream?.category === 'perfume')
      out.perfume.set(
        stream.id,
        perfumes.evolve(out.perfume.get(stream.id) ?? perfumes.initialState, event as never),
      );
    if (stream?.category === 'contribution') {
      const before = out.contribution.get(stream.id);
      const at = String(e.metadata.occurredAt);
      out.contribution.set(stream.id, {
        state: contributions.evolve(before?.state ?? contributions.initialState, event as never),
        submittedAt: before?.submittedAt ?? at,
        reviewedAt: before ? at : null,
      });
    }
  }
  return out;
}

function accountView(state: AccountState, registeredAt = ''): AccountView | null {
  if (state.status !== 'registered') return null;
  const a = state.account;
  return { ...a, registered_at: registeredAt, reviewed_at: null, rejection_reason: a.rejection_reason };
}

export interface InMemoryApp {
  eventLog: InMemoryEventLog;
  deps: ApplicationDeps;
  /** Appends the events as the system actor would (the "given" of a test). */
  given(streamId: string, events: readonly DomainEvent[]): Promise<void>;
  seedPerfume(id: string, name: string): Promise<void>;
  seedChemical(id: string, name: string, cas?: string | null): Promise<void>;
  /** The events of one stream, as `{ type, data }`. */
  stream(streamId: string): Promise<StoredEvent[]>;
}

export function inMemoryApp(now = new Date('2026-01-10T12:00:00.000Z')): InMemoryApp {
  const eventLog = new InMemoryEventLog();
  const claims = new Map<string, string>();
  const system = { now: now.toISOString(), actor: systemActor('import') };
  const deps: ApplicationDeps = {
    eventLog,
    now: () => now,
    waitForPosition: async () => true,
    accounts: {
      async byId(id) {
        return accountView((await foldAll(eventLog)).account.get(id) ?? accounts.initialState);
      },
      async byIds(ids) {
        const all = (await foldAll(eventLog)).account;
        return ids.flatMap((id) => accountView(all.get(id) ?? accounts.initialState) ?? []);
      },
      async byEmail(email) {
        for (const state of (await foldAll(eventLog)).account.values())
          if (state.status === 'registered' && state.account.email === email.trim().toLowerCase())
            return accountView(state);
        return null;
      },
      async sameEmailOrUsername(email, username) {
        const out = [];
        for (const state of (await foldAll(eventLog)).account.values()) {
          if (state.status !== 'registered') continue;
          const a = state.account;
          if (a.email === email.trim().toLowerCase() || usernameKey(a.username) === usernameKey(username))
            out.push({ account_id: a.id, email: a.email, username: a.username });
        }
        return out;
      },
      async list({ status, limit, skip }) {
        const all = [...(await foldAll(eventLog)).account.values()].flatMap((s) => accountView(s) ?? []);
        const matching = all.filter((a) => status === undefined || a.status === status);
        return { accounts: matching.slice(skip, skip + limit), total: matching.length };
      },
      async adminExists() {
        return [...(await foldAll(eventLog)).account.values()].some(
          (s) => s.status === 'registered' && s.account.role === 'admin',
        );
      },
      async sessionByTokenHash() {
        return null;
      },
    },
    claims: {
      async claim(accountId, keys, options) {
        for (const key of keys) {
          const holder = claims.get(key);
          if (holder !== undefined && holder !== accountId && (await options.accountExists(holder)))
            return key;
        }
        for (const key of keys) claims.set(key, accountId);
        return null;
      },
      async release(accountId, keys) {
        for (const key of keys) if (claims.get(key) === accountId) claims.delete(key);
      },
    },
    contributions: {
      async byId(id) {
        const found = (await foldAll(eventLog)).contribution.get(id);
        return found ? contributionView(id, found) : null;
      },
      async list({ status, contributorId, limit, skip }) {
        const all = [...(await foldAll(eventLog)).contribution.entries()].flatMap(
          ([id, c]) => contributionView(id, c) ?? [],
        );
        const matching = all.filter(
          (c) =>
            (status === undefined || c.status === status) &&
            (contributorId === undefined || c.contributor_id === contributorId),
        );
        return { contributions: matching.slice(skip, skip + limit), total: matching.length };
      },
    },
    catalogue: {
      async chemicalsNamedOrWithCas(name, cas) {
        const out = [];
        for (const state of (await foldAll(eventLog)).chemical.values()) {
          if (state.status !== 'active') continue;
          const c = state.chemical;
          const sameName = name !== null && foldText(c.name) === foldText(name);
          if (sameName || (cas !== null && c.cas_number === cas))
            out.push({ id: c.id, name: c.name, cas_number: c.cas_number });
        }
        return out;
      },
      async perfumesLinkingChemical(chemicalId) {
        const out = [];
        for (const [id, state] of (await foldAll(eventLog)).perfume)
          if (perfumeChemicals(state).some((link) => link.chemical_id === chemicalId)) out.push(id);
        return out;
      },
    },
  };

  const given = async (streamId: string, events: readonly DomainEvent[]) => {
    const version = await eventLog.streamVersion(streamId);
    await eventLog.append(streamId, toNewEvents(events, metadataFor(system.actor, null, now)), version);
  };
  return {
    eventLog,
    deps,
    given,
    async seedPerfume(id, name) {
      const perfume = catalogueFixtures.makePerfume({ id, name, brand: 'Maison Test' });
      await given(
        perfumeStreamId(id),
        perfumes.decide({ type: 'CataloguePerfume', data: { perfume } }, perfumes.initialState, system),
      );
    },
    async seedChemical(id, name, cas = null) {
      const chemical = { id, name, type: 'synthetic', cas_number: cas } as never;
      await given(
        chemicalStreamId(id),
        chemicals.decide({ type: 'ImportChemical', data: { chemical } }, chemicals.initialState, system),
      );
    },
    stream: (streamId) => eventLog.readStream(streamId),
  };
}

function contributionView(
  id: string,
  found: { state: ContributionState; submittedAt: string; reviewedAt: string | null },
): ContributionView | null {
  const { state } = found;
  if (state.status === 'absent') return null;
  return {
    ...state.contribution,
    id,
    status: state.status,
    rejection_reason: state.rejection_reason,
    submitted_at: found.submittedAt,
    reviewed_at: found.reviewedAt,
  };
}
