import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-log/event-log.port.ts';
import { prng } from '../search/catalogue.fixtures.ts';
import { ChainAssembler } from './chain-assembler.ts';

const ev = (position: number): StoredEvent => ({
  id: `e${position}`,
  streamId: `perfume:${position % 3}`,
  version: 1,
  position,
  type: 'T',
  schemaVersion: 1,
  data: null,
  metadata: { actorId: null, actorRole: null, requestId: null, occurredAt: '2025-01-01T00:00:00.000Z' },
  recordedAt: '2025-01-01T00:00:00.000Z',
});

/** Positions with gaps, as a log has them, each linked to the one before. */
const LOG = [2, 3, 7, 8, 9, 15, 16, 20];
const links = LOG.map((position, i) => ({ event: ev(position), prev: i === 0 ? 0 : LOG[i - 1]! }));

function drain(chain: ChainAssembler<string>): number[] {
  const out: number[] = [];
  for (let batch = chain.peek(3); batch.length > 0; batch = chain.peek(3)) {
    out.push(...batch.map((b) => b.event.position));
    chain.advance(batch.at(-1)!.event.position);
  }
  return out;
}

describe('ChainAssembler', () => {
  it('releases events in log order whatever order they arrive in, each once', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = prng(seed);
      // Every event once or twice (a relay that published a batch again), shuffled (Fisher-Yates).
      const arrivals = links.flatMap((l) => (random() < 0.3 ? [l, l] : [l]));
      for (let i = arrivals.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [arrivals[i], arrivals[j]] = [arrivals[j]!, arrivals[i]!];
      }
      const chain = new ChainAssembler<string>(0);
      const released: number[] = [];
      for (const { event, prev } of arrivals) {
        chain.offer(event, prev, 'tag');
        released.push(...drain(chain));
      }
      expect(released).toEqual(LOG);
      expect(chain.pending).toBe(0);
    }
  });

  it('holds events behind a hole until the position before it is released', () => {
    const chain = new ChainAssembler<string>(0);
    for (const l of links.slice(3)) chain.offer(l.event, l.prev, 'kafka');
    expect(chain.peek(10)).toEqual([]);
    expect(chain.pending).toBe(5);
    // The hole (2, 3, 7) is read from the log: advancing past it releases the rest.
    chain.advance(7);
    expect(drain(chain)).toEqual([8, 9, 15, 16, 20]);
  });

  it('drops what a jump from the log covered, and what is at or before the start', () => {
    const chain = new ChainAssembler<string>(8);
    expect(chain.offer(links[1]!.event, links[1]!.prev, 'old')).toBe('old');
    for (const l of links.slice(4)) chain.offer(l.event, l.prev, 'kafka');
    chain.advance(16);
    expect(chain.pending).toBe(1);
    expect(drain(chain)).toEqual([20]);
    expect(chain.position).toBe(20);
  });

  it('keeps at most maxPending events, but always the next one', () => {
    const chain = new ChainAssembler<string>(0, 2);
    expect(chain.offer(links[3]!.event, links[3]!.prev, 'a')).toBe('kept');
    expect(chain.offer(links[4]!.event, links[4]!.prev, 'b')).toBe('kept');
    expect(chain.offer(links[5]!.event, links[5]!.prev, 'c')).toBe('full');
    expect(chain.offer(links[0]!.event, links[0]!.prev, 'next')).toBe('kept');
    expect(chain.peek(5).map((e) => e.tag)).toEqual(['next']);
  });
});
