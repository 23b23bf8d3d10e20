/**
 * The data build: `npm run data:build` (= `npx tsx scripts/data/build.ts`).
 *
 * Reads shared/data (env SHARED_DATA_DIR, default ../shared/data from the repository root), writes
 * data/catalogue, data/notes and data/chemicals (env DATA_OUT_DIR to write elsewhere) and refreshes
 * the counts block of data/SOURCES.md. Same input → same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeOutput } from './io.ts';
import { type BuildSummary, buildDataset } from './pipeline.ts';
import { readSourceTexts } from './source-files.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function pct(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** The summary as Markdown lines (printed by the build and kept in data/SOURCES.md). */
export function formatSummary(s: BuildSummary): string[] {
  const rejectedBySource = new Map<string, number>();
  for (const r of s.rejectedCas) rejectedBySource.set(r.source, (rejectedBySource.get(r.source) ?? 0) + 1);
  const lines = [
    `- Perfume rows read: ${s.perfumeRows} (${Object.entries(s.perfumeRowsPerSource)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `- Perfumes after merging: **${s.perfumes}** from ${s.brands} brands; ${s.duplicatesMerged} duplicate rows merged ` +
      `(${s.lossyMatches} perfume_database rows matched through accent-less names, ${s.fuzzyMerges} cross-source spelling ` +
      `merges, ${s.brandAliases} brand aliases)`,
    `- Spelling merges: ${s.spellingMerges.merged} records merged into another spelling of the same perfume ` +
      `(${s.spellingMerges.byFragranticaId} perfume_database records through their Fragrantica id), ` +
      `${s.spellingMerges.brandSpellings} brand spellings unified`,
    `- Perfumes by number of sources: ${Object.entries(s.perfumesBySourceCount)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}`,
    `- Parfumo decoy notes stripped: ${s.decoysStripped.parfumo_data_clean} (parfumo_data_clean), ${s.decoysStripped['smellthings:parfumo']} (smellthings Parfumo rows)`,
    `- 2011-2021_converted.csv names without a known brand (left out): ${s.thdUnsplit.length}${s.thdUnsplit.length > 0 ? ` (${s.thdUnsplit.join('; ')})` : ''}`,
    `- Field coverage: ${Object.entries(s.fieldCoverage)
      .sort()
      .map(([k, v]) => `${k} ${v} (${pct(v, s.perfumes)})`)
      .join(', ')}`,
    `- Notes: ${s.notes} (${s.notesInTaxonomy} from the taxonomy)`,
    `- Chemicals: **${s.chemicals}** (${Object.entries(s.chemicalsByType)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}); allergens ${s.allergens}, prohibited ${s.prohibited}, restricted ${s.restricted}, Prop 65 ${s.prop65Listed}, verified ${s.verified}`,
    `- Chemical scope (reasons, a chemical may have several): ${Object.entries(s.chemicalScope)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join('; ')}`,
    `- DB_User_Materials rows left out, their name another substance's than their CAS number's (a diluted product: another product's CAS number): ${s.userMaterialConflicts.length}${s.userMaterialConflicts.length > 0 ? ` (${s.userMaterialConflicts.join('; ')})` : ''}`,
    `- CosIng INCI names not given to the substance of their CAS number, another part or form of the plant (a flower water, a seed oil, a callus extract): ${s.otherMaterials.names} names on ${s.otherMaterials.substances} substances`,
    `- Bad CAS numbers rejected: ${s.rejectedCas.length} (${[...rejectedBySource.entries()]
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
    `- Notes → chemicals bridge: ${s.bridgeNotes} notes, ${s.bridgeLinks} links; perfumes with inferred chemicals: ${s.perfumesWithChemicals}`,
    `- Data category: complete ${s.complete} (${pct(s.complete, s.perfumes)}), unspecific ${s.unspecific} (${pct(s.unspecific, s.perfumes)}); hypoallergenic ${s.hypoallergenic}`,
    ...safetyLines(s),
  ];
  return lines;
}

function prText(r: { precision: number; recall: number }): string {
  return `precision ${r.precision.toFixed(2)}, recall ${r.recall.toFixed(2)}`;
}

function safetyLines(s: BuildSummary): string[] {
  const f = s.safety;
  const cv = f.crossValidation;
  return [
    `- Note coverage: ${f.coverage.resolvedOccurrences} of ${f.coverage.specificOccurrences} specific note occurrences resolved (${pct(f.coverage.resolvedOccurrences, f.coverage.specificOccurrences)}); ` +
      `knowledge: ${Object.entries(s.knowledge)
        .sort()
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    `- Declared label lists: ${f.labelledPerfumes} perfumes from ${f.labelRows} label rows (${f.unmatchedLabelRows.length} rows match no catalogue perfume); ${f.labelsNamingNoFragrance} of them name no fragrance material (only "Fragrance"): estimated, not learnt from`,
    `- Allergen estimates: ${f.estimates.likely} likely and ${f.estimates.possible} possible on ${f.estimates.perfumesWithEstimates} perfumes; ` +
      `${cv.folds}-fold cross-validation on ${cv.perfumes} labelled perfumes: likely ${prText(cv.likely)}; likely or possible ${prText(cv.likelyOrPossible)}; ` +
      `notes only ${prText(cv.notesOnly)}; base rates only ${prText(cv.baseRateOnly)}; ` +
      `at recall ${cv.atTargetRecall.recall.toFixed(2)}: precision ${cv.atTargetRecall.model.precision.toFixed(2)} ` +
      `(a rule told each label's allergen count: ${cv.atTargetRecall.toldTheCount.precision.toFixed(2)})`,
  ];
}

const COUNTS_START = '<!-- counts:start -->';
const COUNTS_END = '<!-- counts:end -->';

/** Replaces the block between the counts markers of SOURCES.md (left alone when they are missing). */
export function withCounts(markdown: string, lines: readonly string[]): string {
  const start = markdown.indexOf(COUNTS_START);
  const end = markdown.indexOf(COUNTS_END);
  if (start < 0 || end < start) return markdown;
  return `${markdown.slice(0, start + COUNTS_START.length)}\n${lines.join('\n')}\n${markdown.slice(end)}`;
}

function main(): void {
  const dataDir = resolve(process.env.SHARED_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data'));
  const outDir = resolve(process.env.DATA_OUT_DIR ?? join(repoRoot, 'data'));
  const log = (line: string) => process.stderr.write(`[data:build] ${line}\n`);
  const started = Date.now();
  log(`reading ${dataDir}`);
  const texts = readSourceTexts(dataDir);
  const { files, summary } = buildDataset(texts, log);
  for (const [path, bytes] of files) {
    writeOutput(join(outDir, path), bytes);
    log(
      `wrote ${join(outDir, path)} (${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex').slice(0, 16)})`,
    );
  }
  const lines = formatSummary(summary);
  const sourcesPath = join(outDir, 'SOURCES.md');
  if (existsSync(sourcesPath)) {
    writeOutput(sourcesPath, withCounts(readFileSync(sourcesPath, 'utf8'), lines));
    log(`updated the counts in ${sourcesPath}`);
  }
  process.stderr.write(`\nSummary\n${lines.join('\n')}\n`);
  const examples = summary.rejectedCas
    .slice(0, 10)
    .map((r) => `  ${r.source}: "${r.value}" (${r.reason}; ${r.context})`);
  if (examples.length > 0) process.stderr.write(`Rejected CAS examples:\n${examples.join('\n')}\n`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`[data:build] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
