/**
 * A `PerfumeCatalogued` payload read from its text (`upsertCataloguedText`) leaves the index
 * exactly as the parsed payload does (`upsertPerfume`): same snapshot bytes, for payloads as
 * Postgres prints them and for other forms the reader reads member by member or gives up on.
 */
import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '../event-log/event-log.port.ts';
import { eventWithPayloadText, payloadTextOf } from '../event-log/payload-text.ts';
import {
  catalogued,
  fixtureChemicals,
  fixtureNotes,
  fixtureRegions,
  generateCatalogue,
  inferLinks,
  makePerfume,
} from './catalogue.fixtures.ts';
import type { CataloguePerfume, PerfumeDocument } from './catalogue.types.ts';
import { InProcessSearchIndex } from './in-process-search-index.adapter.ts';
import { SnapshotWriter } from './index-snapshot.ts';
import { EstimateRanges, LinkRanges, readPerfumeText } from './perfume-text.ts';

const reference = { regions: fixtureRegions, notes: fixtureNotes };

/** JSON as Postgres prints a `jsonb` value: keys by length then bytes, `", "` and `": "` between. */
function jsonbText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonbText((value as Record<string, unknown>)[k])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

function snapshotBytes(index: InProcessSearchIndex): string {
  const w = new SnapshotWriter();
  index.writeSnapshot(w);
  const parts = [JSON.stringify(w.values)];
  for (const s of w.sections) {
    parts.push(s.name, Buffer.from(s.data.buffer, s.data.byteOffset, s.data.byteLength).toString('base64'));
  }
  return parts.join('\n');
}

/** Two indexes fed the same payload texts: parsed, and read from the text. Returns how many the reader read. */
function compare(texts: string[]): number {
  const parsed = new InProcessSearchIndex(reference);
  const read = new InProcessSearchIndex(reference);
  for (const c of fixtureChemicals()) {
    parsed.upsertChemical(c);
    read.upsertChemical(c);
  }
  let taken = 0;
  texts.forEach((text, i) => {
    parsed.upsertPerfume(catalogued((JSON.parse(text) as { perfume: CataloguePerfume }).perfume), i);
    if (read.upsertCataloguedText(text, i)) taken++;
    else read.upsertPerfume(catalogued((JSON.parse(text) as { perfume: CataloguePerfume }).perfume), i);
  });
  expect(snapshotBytes(read)).toBe(snapshotBytes(parsed));
  expect([...read.documents()]).toEqual([...parsed.documents()]);
  return taken;
}

const notes = { top: ['Bergamot'], middle: ['Rose'], base: ['Vanilla'], unspecified: [] };
const base = (over: Partial<CataloguePerfume>): CataloguePerfume =>
  makePerfume({
    id: 'p-x',
    name: 'Ébène Nuit 香水',
    brand: 'Maison Ōkami',
    notes,
    chemicals: inferLinks(notes),
    ...over,
  });

describe('perfume payloads read from their text', () => {
  it('leaves the index as parsing does, for a generated catalogue printed as jsonb', () => {
    const docs: PerfumeDocument[] = generateCatalogue(5, 600);
    const texts = docs.map((d) => jsonbText({ perfume: d.perfume }));
    const taken = compare(texts);
    // Only labelled records are left to the parser.
    expect(taken).toBe(docs.filter((d) => !d.perfume.label).length);
  });

  it('reads links and estimates of other forms, and gives up on what it cannot read as JSON.parse would', () => {
    const links = inferLinks(notes);
    const odd: CataloguePerfume[] = [
      // Escapes in link names, notes and ids; a link's name differing from its chemical's usual one.
      base({
        id: 'p-escaped',
        notes: { top: ['Bergamot "Calabria"'], middle: ['Rose\\Damask'], base: [], unspecified: [] },
        chemicals: [
          { ...links[0]!, from_note: 'Bergamot "Calabria"', name: 'Linalool \u2014 "natural"' },
          { ...links[1]!, from_note: 'Rose\\Damask' },
          { ...links[2]!, chemical_id: 'chem-new-"odd"' },
        ],
        allergen_estimates: [{ chemical_id: 'chem-linalool', basis: 'likely', probability: 0.1 + 0.2 }],
      }),
      // Estimates of another shape (member ids), a negative zero, an empty list, no estimates at all.
      base({
        id: 'p-members',
        allergen_estimates: [
          {
            chemical_id: 'chem-citral',
            basis: 'possible',
            probability: 0.5,
            member_ids: ['chem-geraniol'],
          } as never,
        ],
      }),
      base({
        id: 'p-zero',
        allergen_estimates: [{ chemical_id: 'chem-coumarin', basis: 'likely', probability: -0 }],
      }),
      base({ id: 'p-empty', allergen_estimates: [] }),
      base({ id: 'p-none' }),
      base({ id: 'p-no-links', chemicals: [], merged_ids: ['p-old'], coverage: null }),
      base({
        id: 'p-big',
        allergen_estimates: [{ chemical_id: 'chem-coumarin', basis: 'likely', probability: 1e-7 }],
      }),
      // Labelled: left to the parser.
      base({ id: 'p-label', label: { source: 'test', ingredients: ['Aqua'] } as never }),
    ];
    const texts = odd.map((p) => jsonbText({ perfume: p }));
    // Not as Postgres prints them: another key order, no spaces, an extra top-level member.
    texts.push(JSON.stringify({ perfume: base({ id: 'p-compact' }) }));
    texts.push(jsonbText({ perfume: base({ id: 'p-extra' }), note: 'x' }));
    const plain = jsonbText({ perfume: base({ id: 'p-order' }) }).replace(
      /\{"name": ("[^"]*"), "source": ("[^"]*"), /g,
      '{"source": $2, "name": $1, ',
    );
    texts.push(plain);
    expect(compare(texts)).toBe(odd.length - 1 + 1);
  });

  it('gives up on payloads of another shape', () => {
    const links = new LinkRanges();
    const estimates = new EstimateRanges();
    const ok = jsonbText({ perfume: base({}) });
    expect(readPerfumeText(ok, links, estimates)).not.toBeNull();
    expect(links.count).toBe(inferLinks(notes).length);
    for (const text of [
      '{"perfume": {"id": "p"}}',
      '{"perfume": {"chemicals": [1]}}',
      '{"perfume": {"chemicals": [{"name": "a", "source": "inferred", "from_note": "b"}]}}',
      '{"perfume": {"chemicals": [{"name": 1, "source": "inferred", "from_note": "b", "chemical_id": "c"}]}}',
      '{"perfume": {"chemicals": [], "chemicals": []}}',
      ok.slice(0, -1),
      '{"perfume": [], "chemicals": []}',
    ]) {
      expect(readPerfumeText(text, links, estimates)).toBeNull();
    }
  });
});

describe('events read with their payload as text', () => {
  const row = {
    id: 'e1',
    type: 'PerfumeCatalogued',
    schema_version: 1,
    metadata: {} as EventMetadata,
    stream_id: 'perfume:p',
    version: 1,
    position: '7',
    recorded_at: new Date('2026-01-02T03:04:05.678Z'),
  };

  it('parse data when it is first read, and give the text only until then', () => {
    const event = eventWithPayloadText(row, '{"a": [1, 2]}');
    expect(payloadTextOf(event)).toBe('{"a": [1, 2]}');
    expect(event.position).toBe(7);
    expect(event.recordedAt).toBe('2026-01-02T03:04:05.678Z');
    expect(event.data).toEqual({ a: [1, 2] });
    expect(event.data).toBe(event.data);
    expect(payloadTextOf(event)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(event)).data).toEqual({ a: [1, 2] });
  });

  it('behave as plain events: spread, set, compared', () => {
    const event = eventWithPayloadText(row, '{"a": 1}');
    const copy = { ...event, data: { b: 2 } };
    expect(payloadTextOf(copy)).toBeUndefined();
    expect(event).toEqual({
      id: 'e1',
      type: 'PerfumeCatalogued',
      schemaVersion: 1,
      data: { a: 1 },
      metadata: {},
      streamId: 'perfume:p',
      version: 1,
      position: 7,
      recordedAt: '2026-01-02T03:04:05.678Z',
    });
    const other = eventWithPayloadText(row, '{"a": 1}');
    other.data = { c: 3 };
    expect(payloadTextOf(other)).toBeUndefined();
    expect(other.data).toEqual({ c: 3 });
  });
});
