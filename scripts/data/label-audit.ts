/**
 * Audits how declared allergens are read from the label texts: for every label row, the entries
 * that name no known chemical but look like an EU label allergen (close to one of its names or
 * synonyms), the allergens each read entry declares, and the rows that match no catalogue perfume.
 * `tsx scripts/data/label-audit.ts [dataDir] [--all]` (`--all`: every unrecognised entry; env
 * ROWS_OUT=<file>: each row's declared allergens with the entries that declare them, for diffs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { allergenLabelKey } from '../../services/domain/src/catalogue/index.ts';
import type { ChemicalRecord } from '../../services/worker/src/scans/chemical-database.ts';
import { matchKey } from '../../services/worker/src/scans/chemical-matcher.ts';
import { editDistance } from '../../services/worker/src/scans/string-distance.ts';
import {
  entryChemicals,
  type FormerAllergenCandidate,
  formerAllergenNames,
  LABEL_SOURCE,
  labelMatcher,
  labelReader,
  labelRowEntries,
  matchLabels,
  parseLabelRows,
} from './labels.ts';

const dataDir = process.argv[2] ?? 'data';
const sharedDir = resolve(process.env.SHARED_DATA_DIR ?? join(process.cwd(), '..', 'shared', 'data'));
const chemicals = JSON.parse(readFileSync(join(dataDir, 'chemicals/chemicals.json'), 'utf8')) as Array<
  ChemicalRecord & FormerAllergenCandidate
>;
const vocabulary = gunzipSync(readFileSync(join(dataDir, 'scanner/inci-vocabulary.txt.gz')))
  .toString('utf8')
  .split('\n')
  .filter((l) => l !== '');
const matcher = labelMatcher(chemicals);
const reader = labelReader(vocabulary, matcher, formerAllergenNames(chemicals));
const rows = parseLabelRows(readFileSync(join(sharedDir, LABEL_SOURCE.file), 'utf8'));
const byId = new Map(chemicals.map((c) => [c.id, c]));

const aliases: Array<{ key: string; alias: string; group: string }> = [];
for (const c of chemicals) {
  const group = allergenLabelKey(c);
  if (group === null) continue;
  for (const a of [c.inci_name, c.name, ...c.synonyms]) {
    if (!a) continue;
    const key = matchKey(a);
    if (key.length >= 5) aliases.push({ key, alias: a, group });
  }
}
function nearest(entry: string): { alias: string; group: string; d: number; how: string } | null {
  const key = matchKey(entry);
  let best: { alias: string; group: string; d: number; how: string } | null = null;
  for (const a of aliases) {
    if (key.length >= 6 && a.key.length >= 6 && (key.includes(a.key) || a.key.includes(key))) {
      const d = Math.abs(key.length - a.key.length);
      if (!best || d < best.d) best = { alias: a.alias, group: a.group, d, how: 'contains' };
      continue;
    }
    const max = Math.max(2, Math.floor(Math.max(key.length, a.key.length) * 0.3));
    const d = editDistance(key, a.key, max);
    if (d <= max && (!best || d < best.d)) best = { alias: a.alias, group: a.group, d, how: 'edit' };
  }
  return best;
}

const seen = new Map<string, string[]>();
const perRow: string[] = [];
const declaredGroups = new Map<string, string[]>();
for (const row of rows) {
  const rowGroups = new Set<string>();
  for (const entry of labelRowEntries(row.ingredients, matcher)) {
    const found = entryChemicals(entry, matcher, reader);
    const groups = found.map((c) => allergenLabelKey(byId.get(c.chemical_id)) ?? '-');
    for (const g of groups) if (g !== '-') rowGroups.add(`${g}<=${entry}`);
    const k = entry.toLowerCase();
    if (found.length > 0) {
      const g = declaredGroups.get(k) ?? [];
      declaredGroups.set(k, [...new Set([...g, ...groups])]);
      continue;
    }
    const list = seen.get(k) ?? [];
    list.push(`${row.brand}|${row.product_name}`);
    seen.set(k, list);
  }
  perRow.push(`${row.product_id}\t${row.brand}|${row.product_name}\t${[...rowGroups].sort().join('; ')}`);
}
if (process.env.ROWS_OUT) writeFileSync(process.env.ROWS_OUT, `${perRow.join('\n')}\n`);
console.log('== unrecognised entries near an allergen name ==');
for (const [entry, where] of [...seen.entries()].sort()) {
  const n = nearest(entry);
  if (n) console.log(`${entry}\t→ ${n.alias} [${n.group}] (${n.how} ${n.d})\t${where.length}x ${where[0]}`);
}
console.log('== recognised entries: chemicals read ==');
for (const [entry, groups] of [...declaredGroups.entries()].sort())
  console.log(`${entry}\t${groups.join(',')}`);
if (process.argv.includes('--all')) {
  console.log('== all unrecognised ==');
  for (const [entry, where] of [...seen.entries()].sort())
    console.log(`${entry}\t${where.length}x ${where[0]}`);
}
const perfumes = gunzipSync(readFileSync(join(dataDir, 'catalogue/perfumes.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as { id: string; name: string; brand: string });
const matching = matchLabels(rows, perfumes);
console.log(`== unmatched rows: ${matching.unmatched.length} of ${rows.length} ==`);
for (const r of matching.unmatched) console.log(`${r.brand}\t${r.product_name}`);
