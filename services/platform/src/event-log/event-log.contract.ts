import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, vi, it as vitestIt } from 'vitest';
import {
  DuplicateEventIdError,
  type EventLog,
  type NewEvent,
  type StoredEvent,
  UniqueKeyTakenError,
  WrongExpectedVersionError,
} from './event-log.port.ts';
import { EventLogInputError } from './event-log.validation.ts';

/**
 * Runs each contract test this many more times (default 0): the reliability loop, e.g.
 * `EVENT_LOG_CONTRACT_REPEATS=200 npx vitest run --project int <adapter spec>`.
 */
const REPEATS = Number(process.env.EVENT_LOG_CONTRACT_REPEATS ?? 0) || 0;

function it(name: string, fn: () => Promise<void>): void {
  vitestIt(name, { repeats: REPEATS }, fn);
}

/**
 * The behaviour every `EventLog` adapter must show. Call it from a
 * spec file of each adapter; `makeLog` must return an empty log, and `cleanup` frees it.
 */
export function eventLogContract(
  name: string,
  makeLog: () => Promise<{ log: EventLog; cleanup: () => Promise<void> }>,
): void {
  describe(`EventLog contract: ${name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });
    const fresh = async (): Promise<EventLog> => {
      const { log, cleanup } = await makeLog();
      cleanups.push(cleanup);
      return log;
    };

    it('starts empty', async () => {
      const log = await fresh();
      expect(await log.headPosition()).toBe(0);
      expect(await log.readAll({ after: 0 })).toEqual([]);
      expect(await log.streamVersion('chemical:1')).toBe(0);
      expect(await log.readStream('chemical:1')).toEqual([]);
    });

    it('appends to a new stream and reads the events back exactly', async () => {
      const log = await fresh();
      const first = event('ChemicalAdded', {
        name: 'Linalool "natural" \\ 100%',
        cas: '78-70-6',
        tags: ['floral', 'ünïcödé', '香'],
        nested: { n: 1.5, ok: true, none: null },
      });
      const second = { ...event('ChemicalEdited', { name: 'Linalool' }), schemaVersion: 3 };
      const result = await log.append('chemical:1', [first, second], 0);

      expect(result.nextExpectedVersion).toBe(2);
      const stream = await log.readStream('chemical:1');
      expect(stream).toHaveLength(2);
      const [a, b] = stream as [StoredEvent, StoredEvent];
      expect(a).toMatchObject({
        id: first.id,
        type: 'ChemicalAdded',
        schemaVersion: 1,
        data: first.data,
        metadata: first.metadata,
        streamId: 'chemical:1',
        version: 1,
      });
      expect(b).toMatchObject({ id: second.id, type: 'ChemicalEdited', schemaVersion: 3, version: 2 });
      expect(b.position).toBeGreaterThan(a.position);
      expect(result.lastPosition).toBe(b.position);
      expect(Number.isNaN(Date.parse(a.recordedAt))).toBe(false);
      expect(typeof a.position).toBe('number');
      expect(await log.streamVersion('chemical:1')).toBe(2);
      expect(await log.headPosition()).toBe(b.position);
    });

    it('continues a stream at the expected version and reads from a version', async () => {
      const log = await fresh();
      await log.append('perfume:7', [event('A'), event('B')], 0);
      const next = await log.append('perfume:7', [event('C')], 2);
      expect(next.nextExpectedVersion).toBe(3);
      expect((await log.readStream('perfume:7', 2)).map((e) => [e.type, e.version])).toEqual([
        ['B', 2],
        ['C', 3],
      ]);
      expect(await log.readStream('perfume:7', 4)).toEqual([]);
    });

    it('rejects a wrong expected version with a typed error and writes nothing', async () => {
      const log = await fresh();
      await log.append('chemical:2', [event('A')], 0);
      const head = await log.headPosition();

      const tooOld = await log.append('chemical:2', [event('B')], 0).catch((e: unknown) => e);
      expect(tooOld).toBeInstanceOf(WrongExpectedVersionError);
      expect(tooOld).toMatchObject({ streamId: 'chemical:2', expected: 0, actual: 1 });

      const ahead = await log.append('chemical:2', [event('B')], 5).catch((e: unknown) => e);
      expect(ahead).toMatchObject({ name: 'WrongExpectedVersionError', expected: 5, actual: 1 });

      const missing = await log.append('chemical:3', [event('B')], 1).catch((e: unknown) => e);
      expect(missing).toMatchObject({ name: 'WrongExpectedVersionError', streamId: 'chemical:3', actual: 0 });

      expect(await log.streamVersion('chemical:2')).toBe(1);
      expect(await log.streamVersion('chemical:3')).toBe(0);
      expect(await log.headPosition()).toBe(head);
    });

    it("appends with 'any' regardless of the stream's version", async () => {
      const log = await fresh();
      expect((await log.append('usage:x', [event('A')], 'any')).nextExpectedVersion).toBe(1);
      expect((await log.append('usage:x', [event('B'), event('C')], 'any')).nextExpectedVersion).toBe(3);
      expect((await log.readStream('usage:x')).map((e) => e.version)).toEqual([1, 2, 3]);
    });

    it('appendMany writes several streams atomically and answers in input order', async () => {
      const log = await fresh();
      await log.append('perfume:1', [event('PerfumeAdded')], 0);
      const results = await log.appendMany([
        { streamId: 'perfume:1', events: [event('ChemicalsAssigned')], expectedVersion: 1 },
        {
          streamId: 'chemical:9',
          events: [event('ChemicalAdded'), event('ChemicalEdited')],
          expectedVersion: 0,
        },
      ]);
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([2, 2]);
      expect(results[1]!.lastPosition).toBeGreaterThan(results[0]!.lastPosition);
      const all = await log.readAll({ after: 0 });
      expect(all.map((e) => [e.streamId, e.version])).toEqual([
        ['perfume:1', 1],
        ['perfume:1', 2],
        ['chemical:9', 1],
        ['chemical:9', 2],
      ]);
    });

    it('appendMany rolls everything back when one stream conflicts', async () => {
      const log = await fresh();
      await log.append('chemical:5', [event('A')], 0);
      const head = await log.headPosition();
      const error = await log
        .appendMany([
          { streamId: 'chemical:6', events: [event('A'), event('B')], expectedVersion: 0 },
          { streamId: 'chemical:5', events: [event('B')], expectedVersion: 0 },
          { streamId: 'chemical:7', events: [event('A')], expectedVersion: 0 },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamId: 'chemical:5', expected: 0, actual: 1 });
      expect(await log.streamVersion('chemical:6')).toBe(0);
      expect(await log.streamVersion('chemical:7')).toBe(0);
      expect(await log.headPosition()).toBe(head);
      expect(await log.readAll({ after: 0 })).toHaveLength(1);
    });

    it('rejects an event id that already exists, or twice in one call, and writes nothing', async () => {
      const log = await fresh();
      const e = event('A');
      await log.append('chemical:1', [e], 0);
      const again = await log.append('chemical:2', [event('B'), { ...e }], 0).catch((x: unknown) => x);
      expect(again).toBeInstanceOf(DuplicateEventIdError);
      expect(again).toMatchObject({ eventId: e.id });
      // Ids are UUIDs: the same id in capitals is the same id.
      const upper = await log
        .append('chemical:2', [{ ...e, id: e.id.toUpperCase() }], 0)
        .catch((x: unknown) => x);
      expect(upper).toBeInstanceOf(DuplicateEventIdError);
      const twice = event('C');
      const inCall = await log.append('chemical:3', [twice, { ...twice }], 0).catch((x: unknown) => x);
      expect(inCall).toBeInstanceOf(DuplicateEventIdError);
      expect(await log.streamVersion('chemical:2')).toBe(0);
      expect(await log.streamVersion('chemical:3')).toBe(0);
      expect(await log.readAll({ after: 0 })).toHaveLength(1);
    });

    it('rejects bad input with clear errors', async () => {
      const log = await fresh();
      const bad = async (call: () => Promise<unknown>, message: RegExp) => {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(EventLogInputError);
        expect(String(error)).toMatch(message);
      };
      await bad(() => log.append('chemical:1', [{ ...event('A'), id: 'not-a-uuid' }], 0), /UUID/);
      await bad(() => log.append('chemical:1', [], 0), /at least one event/);
      await bad(() => log.append('', [event('A')], 0), /stream id/);
      await bad(() => log.append('chemical:1', [event('A')], -1), /expected version/);
      await bad(() => log.append('chemical:1', [event('A')], 1.5), /expected version/);
      await bad(() => log.append('chemical:1', [{ ...event('A'), type: '' }], 0), /type/);
      await bad(() => log.append('chemical:1', [{ ...event('A'), schemaVersion: 0 }], 0), /schema version/);
      await bad(() => log.appendMany([]), /at least one batch/);
      await bad(
        () =>
          log.appendMany([
            { streamId: 'chemical:1', events: [event('A')], expectedVersion: 0 },
            { streamId: 'chemical:1', events: [event('B')], expectedVersion: 1 },
          ]),
        /twice/,
      );
      await bad(() => log.readAll({ after: -1 }), /after/);
      await bad(() => log.readAll({ after: 0, limit: 0 }), /limit/);
      await bad(() => log.readStream('chemical:1', 0), /fromVersion/);
      expect(await log.headPosition()).toBe(0);
    });

    it('reads all in position order, after a position, with a limit', async () => {
      const log = await fresh();
      for (let i = 1; i <= 5; i++) await log.append(`chemical:${i}`, [event('A'), event('B')], 0);
      const all = await log.readAll({ after: 0 });
      expect(all).toHaveLength(10);
      expect(isStrictlyIncreasing(all.map((e) => e.position))).toBe(true);
      const third = all[2]!.position;
      const page = await log.readAll({ after: third, limit: 3 });
      expect(page.map((e) => e.id)).toEqual(all.slice(3, 6).map((e) => e.id));
      expect(await log.readAll({ after: all[9]!.position })).toEqual([]);
      expect(await log.headPosition()).toBe(all[9]!.position);
    });

    it('keeps payloads exact and in order in small and large appends', async () => {
      const log = await fresh();
      const payload = (i: number) => ({
        i,
        text: `quote " backslash \\ brace { } comma , é ü 香 😀 line\nbreak ${i}`,
        list: [i, null, { nested: [true, false] }],
        empty: {},
      });
      for (const count of [3, 31, 32, 80]) {
        const batches = Array.from({ length: count }, (_, k) => ({
          streamId: `chemical:size-${count}-${k % 5}`,
          events: [event('Sized', payload(count * 1000 + k))],
          expectedVersion: 'any' as const,
        }));
        // One stream per batch: fold the 5 streams' events together.
        const byStream = new Map<string, (typeof batches)[number]['events']>();
        for (const b of batches) byStream.set(b.streamId, [...(byStream.get(b.streamId) ?? []), ...b.events]);
        const before = await log.headPosition();
        await log.appendMany(
          [...byStream].map(([streamId, events]) => ({ streamId, events, expectedVersion: 'any' })),
        );
        const read = await log.readAll({ after: before, limit: 1000 });
        expect(read.map((e) => e.data)).toEqual([...byStream.values()].flat().map((e) => e.data));
        expect(read.map((e) => e.metadata)).toEqual([...byStream.values()].flat().map((e) => e.metadata));
      }
    });

    it('lets exactly one of several racing appenders to one stream win', async () => {
      const log = await fresh();
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          log.append('perfume:race', [event(`Try${i}`), event(`Try${i}`)], 0),
        ),
      );
      const won = attempts.filter((a) => a.status === 'fulfilled');
      const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const l of lost) expect(l.reason).toBeInstanceOf(WrongExpectedVersionError);
      const stream = await log.readStream('perfume:race');
      expect(stream.map((e) => e.version)).toEqual([1, 2]);
      expect(new Set(stream.map((e) => e.type)).size).toBe(1);
    });

    it("keeps racing 'any' appenders to one stream contiguous and gap-free", async () => {
      const log = await fresh();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => log.append('usage:hot', [event('Used'), event('Used')], 'any')),
      );
      expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual([
        2, 4, 6, 8, 10, 12, 14, 16, 18, 20,
      ]);
      const stream = await log.readStream('usage:hot');
      expect(stream.map((e) => e.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('a reader polling during concurrent appends sees every event once, in order', async () => {
      const log = await fresh();
      let lastWritten = 0;
      const writers = Array.from({ length: 6 }, async (_, w) => {
        for (let i = 0; i < 8; i++) {
          const results = await log.appendMany([
            { streamId: `chemical:w${w}`, events: [event('A')], expectedVersion: i },
            { streamId: `usage:w${w}-${i}`, events: [event('B'), event('C')], expectedVersion: 0 },
          ]);
          lastWritten = Math.max(lastWritten, ...results.map((r) => r.lastPosition));
        }
      });
      let writing = true;
      const done = Promise.all(writers).finally(() => {
        writing = false;
      });
      const seen: StoredEvent[] = [];
      let cursor = 0;
      const deadline = Date.now() + 20_000;
      for (;;) {
        const stillWriting = writing;
        const batch = await log.readAll({ after: cursor, limit: 7 });
        seen.push(...batch);
        cursor = batch.at(-1)?.position ?? cursor;
        if (batch.length === 0) {
          if (!stillWriting && cursor >= lastWritten) break;
          if (Date.now() > deadline)
            throw new Error(`reader stuck at ${cursor}, last written ${lastWritten}`);
          await sleep(1);
        }
      }
      await done;
      const positions = seen.map((e) => e.position);
      expect(isStrictlyIncreasing(positions)).toBe(true);
      const everything = await readEverything(log);
      expect(everything).toHaveLength(6 * 8 * 3);
      expect(positions).toEqual(everything.map((e) => e.position));
    });

    it('unique keys: one stream holds a key; a clash writes nothing; released keys are free again', async () => {
      const log = await fresh();
      const add = (stream: string, claim: string[], release: string[] = [], expectedVersion = 0) =>
        log.appendMany([
          { streamId: stream, events: [event('Keyed')], expectedVersion, uniqueKeys: { claim, release } },
        ]);
      await add('chemical:a', ['name:linalool', 'cas:78-70-6']);
      // Claiming a key the stream holds is a no-op; another stream's claim fails and writes nothing.
      await add('chemical:a', ['name:linalool'], [], 1);
      const clash = await add('chemical:b', ['name:citral', 'cas:78-70-6']).catch((e: unknown) => e);
      expect(clash).toBeInstanceOf(UniqueKeyTakenError);
      expect(clash).toMatchObject({ key: 'cas:78-70-6', holder: 'chemical:a' });
      expect(await log.streamVersion('chemical:b')).toBe(0);
      // Nothing of the failed call stays claimed: the name it tried is still free.
      await add('chemical:c', ['name:citral']);
      // A rename: give back the old key and take the new one in one append.
      await add('chemical:a', ['name:linalool-l'], ['name:linalool'], 2);
      await add('chemical:d', ['name:linalool']);
      // Only the holder can give a key back; a version conflict rolls the keys back too.
      await add('chemical:e', ['name:other'], ['name:citral']);
      await expect(add('chemical:f', ['name:citral'])).rejects.toMatchObject({ holder: 'chemical:c' });
      await expect(add('chemical:c', ['name:free'], ['name:citral'], 5)).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await expect(add('chemical:g', ['name:citral'])).rejects.toMatchObject({ holder: 'chemical:c' });
      await add('chemical:h', ['name:free']);
      // Atomic across streams in one call, and keys are checked before anything is written.
      const both = await log
        .appendMany([
          {
            streamId: 'chemical:i',
            events: [event('A')],
            expectedVersion: 0,
            uniqueKeys: { claim: ['name:i'] },
          },
          {
            streamId: 'chemical:j',
            events: [event('A')],
            expectedVersion: 0,
            uniqueKeys: { claim: ['name:free'] },
          },
        ])
        .catch((e: unknown) => e);
      expect(both).toBeInstanceOf(UniqueKeyTakenError);
      expect(await log.streamVersion('chemical:i')).toBe(0);
      await add('chemical:k', ['name:i']);
      await expect(
        log.appendMany([
          { streamId: 'chemical:l', events: [event('A')], expectedVersion: 0, uniqueKeys: { claim: ['x'] } },
          { streamId: 'chemical:m', events: [event('A')], expectedVersion: 0, uniqueKeys: { claim: ['x'] } },
        ]),
      ).rejects.toBeInstanceOf(EventLogInputError);
      await expect(add('chemical:n', [''])).rejects.toBeInstanceOf(EventLogInputError);
    });

    it('unique keys: of many racing claims of one key, exactly one wins', async () => {
      const log = await fresh();
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          log.appendMany([
            {
              streamId: `chemical:race-${i}`,
              events: [event('Added')],
              expectedVersion: 0,
              uniqueKeys: { claim: ['name:hot'] },
            },
          ]),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of attempts)
        if (a.status === 'rejected') expect(a.reason).toBeInstanceOf(UniqueKeyTakenError);
      expect(await readEverything(log)).toHaveLength(1);
    });

    it('subscribe catches up, then delivers new events in order, exactly once', async () => {
      const log = await fresh();
      await log.append('chemical:1', [event('Before1'), event('Before2')], 0);
      const received: StoredEvent[] = [];
      const sizes: number[] = [];
      const subscription = log.subscribe(
        async (events) => {
          sizes.push(events.length);
          await sleep(1); // a slow handler must not get overlapping or repeated batches
          received.push(...events);
        },
        { after: 0, batchSize: 3 },
      );
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5000 });
      for (let i = 1; i <= 5; i++) await log.append(`perfume:${i}`, [event('P'), event('Q')], 0);
      await log.appendMany([{ streamId: 'chemical:1', events: [event('After')], expectedVersion: 2 }]);
      await vi.waitFor(() => expect(received).toHaveLength(13), { timeout: 5000 });
      await sleep(50);
      await subscription.close();
      expect(received).toHaveLength(13);
      expect(received.map((e) => e.position)).toEqual((await readEverything(log)).map((e) => e.position));
      expect(Math.max(...sizes)).toBeLessThanOrEqual(3);

      await log.append('chemical:1', [event('AfterClose')], 3);
      await sleep(50);
      expect(received).toHaveLength(13);
    });

    it('reads and tails every event under a dataTypes hint; the named types keep their data', async () => {
      const log = await fresh();
      await log.append('chemical:1', [event('A', { a: 1 }), event('B', { b: 2 }), event('A', { a: 3 })], 0);
      const positions = (await log.readAll({ after: 0 })).map((e) => e.position);
      const hinted = await log.readAll({ after: 0, dataTypes: ['A'] });
      expect(hinted.map((e) => [e.position, e.type])).toEqual([
        [positions[0], 'A'],
        [positions[1], 'B'],
        [positions[2], 'A'],
      ]);
      expect(hinted.filter((e) => e.type === 'A').map((e) => e.data)).toEqual([{ a: 1 }, { a: 3 }]);
      // The hint lets an adapter leave the others' data out; it may also keep it.
      expect([null, { b: 2 }]).toContainEqual(hinted[1]!.data);
      expect(hinted[1]!.metadata).toEqual((await log.readAll({ after: 0 }))[1]!.metadata);

      const tailed: StoredEvent[] = [];
      const subscription = log.subscribe((events) => void tailed.push(...events), {
        after: 0,
        dataTypes: ['A'],
      });
      await vi.waitFor(() => expect(tailed).toHaveLength(3), { timeout: 5000 });
      await subscription.close();
      expect(tailed.map((e) => e.position)).toEqual(positions);
      expect(tailed.filter((e) => e.type === 'A').map((e) => e.data)).toEqual([{ a: 1 }, { a: 3 }]);

      await expect(log.readAll({ after: 0, dataTypes: 'A' as never })).rejects.toThrow(/dataTypes/);
      expect(() => log.subscribe(() => {}, { after: 0, dataTypes: [1] as never })).toThrow(/dataTypes/);
    });

    it('subscribe starts after the given position', async () => {
      const log = await fresh();
      const { lastPosition } = await log.append('chemical:1', [event('Old')], 0);
      const received: string[] = [];
      const subscription = log.subscribe((events) => void received.push(...events.map((e) => e.type)), {
        after: lastPosition,
      });
      await log.append('chemical:1', [event('New')], 1);
      await vi.waitFor(() => expect(received).toEqual(['New']), { timeout: 5000 });
      await subscription.close();
    });

    it('subscribe stops and reports when the handler throws', async () => {
      const log = await fresh();
      await log.append('chemical:1', [event('A')], 0);
      const boom = new Error('projection failed');
      const errors: unknown[] = [];
      let calls = 0;
      const subscription = log.subscribe(
        () => {
          calls++;
          throw boom;
        },
        { after: 0, onError: (e) => errors.push(e) },
      );
      await vi.waitFor(() => expect(errors).toEqual([boom]), { timeout: 5000 });
      await log.append('chemical:1', [event('B')], 1);
      await sleep(50);
      expect(calls).toBe(1);
      await subscription.close();
    });

    it('close ends subscriptions and refuses further calls', async () => {
      const log = await fresh();
      let stopped = false;
      log.subscribe(() => {}, { after: 0, onError: () => (stopped = true) });
      await log.close();
      expect(stopped).toBe(false);
      await expect(log.append('chemical:1', [event('A')], 0)).rejects.toThrow(/closed/);
      await log.close(); // twice is fine
    });
  });
}

/** A new event with a fresh id and test metadata. */
export function event(type: string, data: unknown = { at: type }): NewEvent {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actorId: 'user-1',
      actorRole: 'admin',
      requestId: randomUUID(),
      occurredAt: '2025-01-02T03:04:05.000Z',
    },
  };
}

async function readEverything(log: EventLog): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (;;) {
    const batch = await log.readAll({ after: all.at(-1)?.position ?? 0 });
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function isStrictlyIncreasing(values: number[]): boolean {
  return values.every((v, i) => i === 0 || v > values[i - 1]!);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
