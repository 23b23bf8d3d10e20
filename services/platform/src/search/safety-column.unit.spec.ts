import { describe, expect, it } from 'vitest';
import { SnapshotWriter } from './index-snapshot.ts';
import { SafetyColumn, type SafetyFields } from './safety-column.ts';

/** The text of the column's string table: JSON text lands there for values that were not packed. */
function stringTable(column: SafetyColumn): string {
  const w = new SnapshotWriter();
  column.writeSnapshot(w, 'safety');
  const chars = w.sections.find((s) => s.name === 'safety.strings.chars');
  return chars
    ? Buffer.from(chars.data.buffer, chars.data.byteOffset, chars.data.byteLength).toString('latin1')
    : '';
}

/** As the data build writes them. */
const built: SafetyFields = {
  coverage: { specific_notes: 4, resolved_notes: 3, unknown_notes: ['amber'] },
  allergen_estimates: [
    { chemical_id: 'linalool', basis: 'likely', probability: 0.8125 },
    { chemical_id: 'limonene', basis: 'possible', probability: 0.1 },
  ],
};

/** The same read back from a Postgres `jsonb` column: keys by length, then by bytes. */
const fromJsonb = JSON.parse(
  '{"coverage":{"unknown_notes":["amber"],"resolved_notes":3,"specific_notes":4},' +
    '"allergen_estimates":[{"basis":"likely","chemical_id":"linalool","probability":0.8125},' +
    '{"basis":"possible","chemical_id":"limonene","probability":0.1}]}',
) as SafetyFields;

describe('SafetyColumn', () => {
  it('packs the fields in either key order and gives each back exactly, keys in the order given', () => {
    const column = new SafetyColumn();
    column.set(0, built);
    column.set(1, fromJsonb);
    expect(JSON.stringify(column.get(0))).toBe(JSON.stringify(built));
    expect(JSON.stringify(column.get(1))).toBe(JSON.stringify(fromJsonb));
    // Packed: no JSON text of either kept.
    expect(stringTable(column)).not.toContain('basis');
    expect(stringTable(column)).not.toContain('specific_notes');
  });

  it('keeps any other shape as its JSON text', () => {
    const column = new SafetyColumn();
    const odd = JSON.parse(
      '{"coverage":{"resolved_notes":3,"unknown_notes":[],"specific_notes":4},' +
        '"allergen_estimates":[{"basis":"likely","chemical_id":"x","probability":0.5,"note":"n"}]}',
    ) as SafetyFields;
    column.set(0, odd);
    expect(JSON.stringify(column.get(0))).toBe(JSON.stringify(odd));
    expect(stringTable(column)).toContain('"basis"');
    expect(stringTable(column)).toContain('"specific_notes"');
  });
});
