/**
 * `npm run data:audit`: checks the shipped data (data/) against the promises the product makes to
 * a person with an allergy, and prints what it found:
 *
 * - note coverage (share of specific note occurrences resolved, most frequent unknown notes) and
 *   what is known per perfume;
 * - the hypoallergenic count, and a check of every hypoallergenic perfume against the rule (a
 *   declared list without allergens, or every specific note resolved and no allergen declared,
 *   likely or possible);
 * - the allergen model's cross-validated precision and recall (likely; likely or possible), beside
 *   the notes-only and base-rate-only rules;
 * - spelling-duplicate groups left, mojibake, names holding invisible characters, and regulatory
 *   rows without a source or a date.
 *
 * Exits 1 on a hypoallergenic rule violation, a perfume whose declared label names an allergen
 * yet is called hypoallergenic, any mojibake or invisible character in a name, or a regulatory row
 * without source and date.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  classifiableRecord,
  dataCategory,
  isHypoallergenic,
  knowledgeOf,
  labelNamesFragrance,
} from '../../services/domain/src/catalogue/index.ts';
import type { CataloguePerfume } from '../../services/domain/src/index.ts';
import { spellingDuplicateGroups } from './duplicates.ts';
import { regulatoryRowsWithoutSourceOrDate } from './regulatory-audit.ts';
import { INVISIBLE_CHARACTERS } from './sources/common.ts';
import { mojibakeFields } from './text-repair.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface AuditChemical {
  id: string;
  name: string;
  synonyms?: readonly string[];
  inci_name?: string | null;
  allergen_flag: boolean;
  safety_information: Parameters<typeof regulatoryRowsWithoutSourceOrDate>[0][number]['safety_information'];
}

export interface AuditReport {
  perfumes: number;
  specificOccurrences: number;
  resolvedOccurrences: number;
  unknownTop: Array<[string, number]>;
  knowledge: Record<string, number>;
  complete: number;
  hypoallergenic: number;
  ruleViolations: string[];
  labelledHypoWithAllergen: string[];
  /** Labelled perfumes whose list names no fragrance material (only "Fragrance"). */
  labelsNamingNoFragrance: number;
  duplicateGroups: number;
  duplicateExamples: string[];
  mojibake: number;
  mojibakeExamples: string[];
  /** Names (perfume, brand, note, chemical, synonym) holding a character that prints as nothing. */
  invisibleCharacters: number;
  invisibleExamples: string[];
  regulatoryWithoutSource: number;
  regulatoryExamples: string[];
}

/** The audit over perfume records and chemicals (pure, for tests). */
export function auditData(
  perfumes: readonly CataloguePerfume[],
  chemicals: readonly AuditChemical[],
): AuditReport {
  const known = new Map(chemicals.map((c) => [c.id, c]));
  let specific = 0;
  let resolved = 0;
  const unknown = new Map<string, number>();
  const knowledge: Record<string, number> = {};
  let complete = 0;
  let hypo = 0;
  const violations: string[] = [];
  const labelledHypoWithAllergen: string[] = [];
  let silentLabels = 0;
  for (const p of perfumes) {
    if (p.label?.names_fragrance === false) silentLabels += 1;
    const c = classifiableRecord(p);
    specific += p.coverage?.specific_notes ?? 0;
    resolved += p.coverage?.resolved_notes ?? 0;
    for (const note of p.coverage?.unknown_notes ?? []) unknown.set(note, (unknown.get(note) ?? 0) + 1);
    const k = knowledgeOf(c);
    knowledge[k] = (knowledge[k] ?? 0) + 1;
    if (dataCategory(c, known) === 'complete') complete += 1;
    if (!isHypoallergenic(c, known)) continue;
    hypo += 1;
    // The rule, checked from the record itself rather than through the domain function.
    const declaredAllergen = (p.label?.chemicals ?? []).some((x) => known.get(x.chemical_id)?.allergen_flag);
    if (declaredAllergen) labelledHypoWithAllergen.push(`${p.id}: its label declares an allergen`);
    // A label that names its fragrance's materials speaks for the allergens; one that says only
    // "Fragrance" does not, and the perfume answers to the rule of a perfume without a label.
    if (labelNamesFragrance(p.label)) continue;
    const cov = p.coverage;
    if (!cov || cov.specific_notes === 0 || cov.unknown_notes.length > 0) {
      violations.push(`${p.id}: hypoallergenic with unknown notes or no data`);
    } else if ((p.allergen_estimates ?? []).length > 0) {
      violations.push(`${p.id}: hypoallergenic with a likely or possible allergen`);
    } else if (p.chemicals.some((x) => known.get(x.chemical_id)?.allergen_flag)) {
      violations.push(`${p.id}: hypoallergenic with an allergen inferred from a note`);
    }
  }
  const groups = spellingDuplicateGroups(perfumes);
  const mojibake = mojibakeFields(perfumes);
  const invisible = invisibleCharacterFields(perfumes, chemicals);
  const regulatory = regulatoryRowsWithoutSourceOrDate(chemicals);
  return {
    perfumes: perfumes.length,
    specificOccurrences: specific,
    resolvedOccurrences: resolved,
    unknownTop: [...unknown.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 30),
    knowledge,
    complete,
    hypoallergenic: hypo,
    ruleViolations: violations,
    labelledHypoWithAllergen,
    labelsNamingNoFragrance: silentLabels,
    duplicateGroups: groups.length,
    duplicateExamples: groups.slice(0, 10).map((g) => g.names.join(' = ')),
    mojibake: mojibake.length,
    mojibakeExamples: mojibake.slice(0, 10).map((m) => `${m.id} ${m.field}: ${m.value}`),
    invisibleCharacters: invisible.length,
    invisibleExamples: invisible.slice(0, 10).map((m) => `${m.id} ${m.field}: "${showInvisible(m.value)}"`),
    regulatoryWithoutSource: regulatory.length,
    regulatoryExamples: regulatory.slice(0, 10).map((r) => `${r.chemical_id} ${r.field}`),
  };
}

/** `INVISIBLE_CHARACTERS` without its global flag, so `test` keeps no position between strings. */
const HAS_INVISIBLE = new RegExp(INVISIBLE_CHARACTERS.source);

/**
 * Every shown name that holds an invisible character (zero-width space, word joiner, byte-order
 * mark, soft hyphen): the name looks right but differs from the same name typed or pasted.
 */
export function invisibleCharacterFields(
  perfumes: readonly CataloguePerfume[],
  chemicals: readonly AuditChemical[],
): Array<{ id: string; field: string; value: string }> {
  const found: Array<{ id: string; field: string; value: string }> = [];
  const check = (id: string, field: string, value: string | null | undefined) => {
    if (typeof value === 'string' && HAS_INVISIBLE.test(value)) {
      found.push({ id, field, value });
    }
  };
  for (const p of perfumes) {
    check(p.id, 'name', p.name);
    check(p.id, 'brand', p.brand);
    for (const note of Object.values(p.notes ?? {}).flat()) check(p.id, 'notes', note);
    for (const c of p.chemicals) check(p.id, 'chemicals.name', c.name);
  }
  for (const c of chemicals) {
    check(c.id, 'name', c.name);
    check(c.id, 'inci_name', c.inci_name);
    for (const s of c.synonyms ?? []) check(c.id, 'synonyms', s);
  }
  return found;
}

/** The text with each invisible character written as its escape (`\u200b`), so a report shows where it is. */
function showInvisible(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** True when the report breaks a promise CI holds the data to. */
export function auditFails(r: AuditReport): boolean {
  return (
    r.ruleViolations.length > 0 ||
    r.labelledHypoWithAllergen.length > 0 ||
    r.mojibake > 0 ||
    r.invisibleCharacters > 0 ||
    r.regulatoryWithoutSource > 0
  );
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '0.0 %' : `${((100 * part) / whole).toFixed(1)} %`;
}

function main(): void {
  const dataDir = resolve(process.env.DATA_DIR_AUDIT ?? join(repoRoot, 'data'));
  // Line by line from the bytes: the whole catalogue as one string is near JavaScript's limit.
  const bytes = gunzipSync(readFileSync(join(dataDir, 'catalogue/perfumes.jsonl.gz')));
  const perfumes: CataloguePerfume[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(10, start);
    const stop = end < 0 ? bytes.length : end;
    if (stop > start) perfumes.push(JSON.parse(bytes.toString('utf8', start, stop)) as CataloguePerfume);
    start = stop + 1;
  }
  const chemicals = JSON.parse(
    readFileSync(join(dataDir, 'chemicals/chemicals.json'), 'utf8'),
  ) as AuditChemical[];
  const model = JSON.parse(readFileSync(join(dataDir, 'chemicals/allergen-model.json'), 'utf8')) as {
    likely_at: number;
    possible_at: number;
    cross_validation: Record<string, { precision: number; recall: number }> & {
      atTargetRecall?: { recall: number; model: { precision: number }; toldTheCount: { precision: number } };
      folds: number;
      perfumes: number;
      declaringWithoutEstimate?: string[];
      perAllergen: Array<{
        key: string;
        likelyOrPossible: { precision: number; recall: number; actual: number };
      }>;
    };
  };
  const r = auditData(perfumes, chemicals);
  const out: string[] = [];
  const pr = (x: { precision: number; recall: number }) =>
    `precision ${x.precision.toFixed(3)}, recall ${x.recall.toFixed(3)}`;
  out.push(`Perfumes: ${r.perfumes}`);
  out.push(
    `Note coverage: ${r.resolvedOccurrences} of ${r.specificOccurrences} specific note occurrences resolved (${pct(r.resolvedOccurrences, r.specificOccurrences)})`,
  );
  out.push(
    `Knowledge per perfume: ${Object.entries(r.knowledge)
      .sort()
      .map(([k, v]) => `${k} ${v} (${pct(v, r.perfumes)})`)
      .join(', ')}`,
  );
  out.push(`Most frequent unknown notes: ${r.unknownTop.map(([n, c]) => `${n} ${c}`).join(', ')}`);
  out.push(`Complete: ${r.complete}; hypoallergenic: ${r.hypoallergenic}`);
  out.push(`Hypoallergenic rule violations: ${r.ruleViolations.length}`);
  for (const v of r.ruleViolations.slice(0, 10)) out.push(`  ${v}`);
  out.push(
    `Labelled perfumes called hypoallergenic although the label declares an allergen: ${r.labelledHypoWithAllergen.length}`,
  );
  out.push(
    `Labels naming no fragrance material (only "Fragrance"; judged by notes and estimates): ${r.labelsNamingNoFragrance}`,
  );
  const cv = model.cross_validation;
  out.push(`Allergen estimates, ${cv.folds}-fold cross-validation on ${cv.perfumes} labelled perfumes:`);
  out.push(
    `  cut-offs of the shipped model: likely from ${model.likely_at}, possible from ${model.possible_at} ` +
      '(each fold and the shipped model choose the possible cut-off by cross-validation inside their training labels)',
  );
  out.push(`  likely: ${pr(cv.likely!)}`);
  out.push(`  likely or possible: ${pr(cv.likelyOrPossible!)}`);
  out.push(`  notes only: ${pr(cv.notesOnly!)}`);
  out.push(`  base rates only: ${pr(cv.baseRateOnly!)}`);
  if (cv.atTargetRecall) {
    const t = cv.atTargetRecall;
    out.push(
      `  at recall ${t.recall.toFixed(2)} (one threshold): model precision ${t.model.precision.toFixed(3)}; ` +
        `a rule told each label's allergen count: precision ${t.toldTheCount.precision.toFixed(3)}`,
    );
  }
  const bare = cv.declaringWithoutEstimate ?? [];
  out.push(
    `  labelled perfumes whose label declares an allergen but whose out-of-fold estimate names none: ${bare.length}${bare.length > 0 ? ` (${bare.slice(0, 10).join(', ')})` : ''}`,
  );
  out.push('  per allergen (likely or possible):');
  for (const a of cv.perAllergen.filter((x) => x.likelyOrPossible.actual > 0)) {
    out.push(`    ${a.key}: ${pr(a.likelyOrPossible)} (${a.likelyOrPossible.actual} declared)`);
  }
  out.push(`Spelling-duplicate groups left: ${r.duplicateGroups}`);
  for (const g of r.duplicateExamples) out.push(`  ${g}`);
  out.push(`Mojibake fields: ${r.mojibake}`);
  for (const m of r.mojibakeExamples) out.push(`  ${m}`);
  out.push(`Names with invisible characters: ${r.invisibleCharacters}`);
  for (const m of r.invisibleExamples) out.push(`  ${m}`);
  out.push(`Regulatory rows without source and date: ${r.regulatoryWithoutSource}`);
  for (const m of r.regulatoryExamples) out.push(`  ${m}`);
  process.stdout.write(`${out.join('\n')}\n`);
  if (bare.length > 0) {
    process.stderr.write(
      'data:audit failed: the allergen model leaves perfumes that declare allergens with no estimate\n',
    );
    process.exitCode = 1;
  }
  if (auditFails(r)) {
    process.stderr.write('data:audit failed: see the lines above\n');
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
