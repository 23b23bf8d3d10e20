/**
 * The data build as one pure function: source texts in, output files (path → bytes) and a summary
 * out. build.ts does the reading and writing; tests run this on small inline fixtures.
 */
import {
  classifiableRecord,
  dataCategory,
  isHypoallergenic,
  knowledgeOf,
} from '../../services/domain/src/catalogue/index.ts';
import type { ChemicalBuildResult } from './chemical-record.ts';
import { buildChemicals, CHEMICAL_SOURCES, type Chemical } from './chemicals.ts';
import { CURATED_LINKS } from './curated-constituents.ts';
import { buildInciVocabulary, inciVocabularyFile } from './inci-vocabulary.ts';
import { gzipDeterministic, jsonArrayText, jsonLinesBuffer, jsonObjectText } from './io.ts';
import { fragranceMaterialIds } from './labels.ts';
import { knownNameIndex, prop65CasByName, splitNameCasConflicts } from './material-name-check.ts';
import { type MergedPerfume, mergePerfumes } from './merge.ts';
import { naturalOccurrence } from './natural-occurrence.ts';
import { NATURAL_NOTE_MATERIALS } from './note-materials.ts';
import { NoteCatalogue, parseNoteTaxonomy } from './notes.ts';
import { buildNoteBridge, inferChemicals } from './notes-bridge.ts';
import { parsePerfumeSources } from './perfume-sources.ts';
import { buildSafety, type SafetyFields, type SafetySummary } from './safety.ts';
import type { SourceTexts } from './source-files.ts';
import { parseEuAllergens } from './sources/allergens.ts';
import { parseCosingInventory } from './sources/cosing-inventory.ts';
import { parseCosingAnnex, parseEchaAnnex } from './sources/eu-annexes.ts';
import { parseIarc } from './sources/iarc.ts';
import type { RejectedCas } from './sources/identifiers.ts';
import { parseIfraAmendment, parseIfraStandards, parseIfraTransparency } from './sources/ifra.ts';
import { parseNaturals, parseUserMaterials } from './sources/naturals.ts';
import { parseGoodScents, parseIfraGlossary } from './sources/odour.ts';
import { parseProp65 } from './sources/prop65.ts';
import { parseSccs } from './sources/sccs.ts';

export const OUTPUT_FILES = {
  perfumes: 'catalogue/perfumes.jsonl.gz',
  notes: 'notes/notes.json',
  chemicals: 'chemicals/chemicals.json',
  regions: 'chemicals/regions.json',
  noteConstituents: 'chemicals/note-constituents.json',
  allergenModel: 'chemicals/allergen-model.json',
  inciVocabulary: 'scanner/inci-vocabulary.txt.gz',
} as const;

export interface BuildSummary {
  perfumeRowsPerSource: Record<string, number>;
  perfumeRows: number;
  perfumes: number;
  duplicatesMerged: number;
  lossyMatches: number;
  fuzzyMerges: number;
  fuzzyExamples: Array<[string, string]>;
  /** Spelling pass: records merged, of which through a Fragrantica id; brand spellings unified. */
  spellingMerges: { merged: number; byFragranticaId: number; brandSpellings: number };
  brandAliases: number;
  brands: number;
  perfumesBySourceCount: Record<number, number>;
  decoysStripped: { parfumo_data_clean: number; 'smellthings:parfumo': number };
  thdUnsplit: string[];
  smellthingsUnknownOrigin: number;
  notes: number;
  notesInTaxonomy: number;
  chemicals: number;
  chemicalsByType: Record<string, number>;
  chemicalScope: Record<string, number>;
  /** DB_User_Materials rows left out because their name is another substance's than their CAS number's. */
  userMaterialConflicts: string[];
  allergens: number;
  prohibited: number;
  restricted: number;
  prop65Listed: number;
  verified: number;
  rejectedCas: RejectedCas[];
  otherMaterials: ChemicalBuildResult['otherMaterials'];
  bridgeNotes: number;
  bridgeLinks: number;
  perfumesWithChemicals: number;
  complete: number;
  unspecific: number;
  hypoallergenic: number;
  fieldCoverage: Record<string, number>;
  safety: SafetySummary;
  /** Perfumes by what is known of them (label list, all notes resolved, some unknown, nothing). */
  knowledge: Record<string, number>;
}

export interface BuildOutput {
  files: Array<[string, Buffer]>;
  summary: BuildSummary;
}

const FIELD_ORDER = [
  'name',
  'brand',
  'year_released',
  'gender',
  'perfumer',
  'concentration',
  'description',
  'image_url',
  'accords',
  'notes',
];

/** A perfume as written to perfumes.jsonl.gz (fixed key order). */
function perfumeLine(p: MergedPerfume, safety: SafetyFields | undefined): Record<string, unknown> {
  const fieldSources: Record<string, string> = {};
  for (const field of FIELD_ORDER) {
    const source = p.field_sources[field];
    if (source) fieldSources[field] = source;
  }
  return {
    id: p.id,
    name: p.name,
    brand: p.brand,
    year_released: p.year_released,
    gender: p.gender,
    perfumer: p.perfumer,
    concentration: p.concentration,
    description: p.description,
    image_url: p.image_url,
    accords: p.accords,
    notes: p.notes,
    chemicals: p.chemicals,
    field_sources: fieldSources,
    sources: p.sources,
    label: safety?.label ?? null,
    coverage: safety?.coverage ?? null,
    allergen_estimates: safety?.allergen_estimates ?? [],
    merged_ids: p.merged_ids,
  };
}

/** The trained allergen model as shipped: thresholds, weights and cross-validated quality. */
function allergenModelFile(s: SafetySummary): Record<string, unknown> {
  return {
    description:
      'Per EU label allergen, a logistic regression over brand, notes, accords, gender and the notes bridge, with weights shared by every allergen for what the labels of the same line and brand and of the perfumes with the most similar accords and notes declare (relatives), trained on the declared ingredient lists of labelled perfumes; the possible cut-off is chosen by cross-validation inside the training labels.',
    label_source: { name: 'Sephora product pages (ingredient lists as published)', date: '2023-03' },
    trained_on: s.model.trainedOn,
    likely_at: s.model.likelyAt,
    possible_at: s.model.possibleAt,
    cross_validation: s.crossValidation,
    relatives: s.model.relatives,
    groups: s.model.groups,
  };
}

export function regionsOf(
  chemicals: readonly Chemical[],
): Array<{ code: string; name: string; description: string; chemical_count: number }> {
  const count = (region: string) =>
    chemicals.filter((c) => c.safety_information.regional_regulations.some((r) => r.region === region))
      .length;
  return [
    {
      code: 'EU',
      name: 'European Union',
      description:
        'EU Cosmetics Regulation (EC) No 1223/2009: Annex II prohibited substances, Annex III restricted substances and the fragrance allergens to be named on labels (Regulation (EU) 2023/1545).',
      chemical_count: count('EU'),
    },
    {
      code: 'US',
      name: 'United States (California)',
      description:
        'California Proposition 65 list of chemicals known to the State of California to cause cancer or reproductive toxicity. It applies in California only; no US federal list is in the source data.',
      chemical_count: count('US'),
    },
    {
      code: 'Asia',
      name: 'Asia',
      description:
        'No Asian regulatory list (e.g. China IECSC, ASEAN Cosmetic Directive, Japan) is in the source data, so no chemical is assigned to this region yet.',
      chemical_count: count('Asia'),
    },
  ];
}

export function buildDataset(texts: SourceTexts, log: (line: string) => void = () => {}): BuildOutput {
  // 1. Perfumes.
  const { rows, stats } = parsePerfumeSources(texts, log);
  log(`perfumes: ${rows.length} rows read; merging`);
  const merged = mergePerfumes(rows);
  log(`perfumes: ${merged.perfumes.length} perfumes (${merged.duplicatesMerged} duplicate rows merged)`);

  // 2. Notes.
  const taxonomy = parseNoteTaxonomy(texts.noteTaxonomy);
  const noteCatalogue = new NoteCatalogue(taxonomy);
  for (const p of merged.perfumes) noteCatalogue.observe(p.notes);
  for (const p of merged.perfumes) p.notes = noteCatalogue.canonicalise(p.notes);
  const notes = noteCatalogue.records();
  log(`notes: ${notes.length} notes (${taxonomy.length} in the taxonomy)`);

  // 3. Chemicals.
  const naturals = parseNaturals(texts.naturals);
  const ifraTransparency = parseIfraTransparency(texts.ifraTransparency);
  const ifraGlossary = parseIfraGlossary(texts.ifraGlossary);
  const goodScents = parseGoodScents(
    texts.goodScentsStimuli,
    texts.goodScentsMolecules,
    texts.goodScentsBehavior,
  );
  const cosing = parseCosingInventory(texts.cosing);
  const euAllergens = parseEuAllergens(texts.euAllergens);
  const sccs = parseSccs(texts.sccs);
  // The names the identifying sources give CAS numbers decide which substance a supplier row or a
  // Prop 65 listing without a CAS number means.
  const knownNames = knownNameIndex([
    ...ifraTransparency.map((e) => ({ name: e.name, cas: e.ids.cas })),
    ...ifraGlossary.map((e) => ({ name: e.name, cas: e.ids.cas })),
    ...goodScents.map((e) => ({ name: e.name, cas: e.ids.cas })),
    ...cosing.map((e) => ({ name: e.inciName, cas: e.ids.cas })),
    ...naturals.map((e) => ({ name: e.constituent, cas: e.ids.cas })),
    ...euAllergens.map((e) => ({ name: e.name, cas: e.ids.cas })),
    ...sccs.map((e) => ({ name: e.name, cas: e.ids.cas })),
  ]);
  // Supplier rows whose constituent name is another substance's than their CAS number's are left
  // out.
  const { kept: userMaterials, conflicts: userMaterialConflicts } = splitNameCasConflicts(
    parseUserMaterials(texts.userMaterials),
    knownNames,
  );
  log(
    `chemicals: ${userMaterialConflicts.length} DB_User_Materials rows left out (the name is another substance's than the CAS number's)`,
  );
  const prop65 = prop65CasByName(parseProp65(texts.prop65), knownNames);
  const prop65List = prop65CasByName(parseProp65(texts.prop65List), knownNames);
  for (const linked of new Set([...prop65.linked, ...prop65List.linked])) {
    log(`chemicals: Prop 65 listing without a CAS number linked by its name: ${linked}`);
  }
  const chemicalResult = buildChemicals(
    {
      annexII: parseCosingAnnex(texts.annexII, 'II', CHEMICAL_SOURCES.annexII.file),
      annexIII: parseCosingAnnex(texts.annexIII, 'III', CHEMICAL_SOURCES.annexIII.file),
      echaII: parseEchaAnnex(texts.echaII, 'II', CHEMICAL_SOURCES.echaII.file),
      echaIII: parseEchaAnnex(texts.echaIII, 'III', CHEMICAL_SOURCES.echaIII.file),
      euAllergens,
      ifraTransparency,
      ifraStandards: parseIfraStandards(texts.ifraStandards),
      ifraAmendment: parseIfraAmendment(texts.ifraAmendment),
      prop65: prop65.entries,
      prop65List: prop65List.entries,
      iarc: parseIarc(texts.iarc),
      cosing,
      sccs,
      naturals,
      userMaterials,
      ifraGlossary,
      goodScents,
    },
    CURATED_LINKS.map((l) => ({ cas: l.cas, name: l.chemical })),
  );
  const chemicals = chemicalResult.chemicals;
  log(
    `chemicals: ${chemicals.length} chemicals; ${chemicalResult.rejectedCas.length} bad CAS numbers rejected`,
  );

  // 4. Notes → chemicals bridge and the perfumes' inferred links.
  const bridge = buildNoteBridge({
    notes: notes.map((n) => n.name),
    chemicals,
    naturals,
    userMaterials,
    curated: CURATED_LINKS,
    moleculeNames: [
      ...ifraGlossary.flatMap((g) =>
        g.ids.cas.map((cas) => ({ cas, name: g.name, source: CHEMICAL_SOURCES.ifraGlossary.file })),
      ),
      ...goodScents.flatMap((g) =>
        g.name
          ? g.ids.cas.map((cas) => ({ cas, name: g.name!, source: CHEMICAL_SOURCES.goodScents.file }))
          : [],
      ),
    ],
    ncsNames: ifraTransparency
      .filter((e) => e.ncsCategory)
      .flatMap((e) => e.ids.cas.map((cas) => ({ cas, name: e.name }))),
  });
  // What each natural material is made of, and which naturals each molecule occurs in.
  const occurrence = naturalOccurrence(
    chemicals,
    bridge,
    NATURAL_NOTE_MATERIALS,
    new Map(Object.values(CHEMICAL_SOURCES).map((s) => [s.file, s.name])),
  );
  for (const c of chemicals) Object.assign(c.safety_information, occurrence.get(c.id));
  log(
    `natural occurrence: ${[...occurrence.values()].filter((o) => o.constituents).length} naturals with constituents, ${[...occurrence.values()].filter((o) => o.occurs_in).length} molecules in naturals`,
  );
  const chemicalNames = new Map(chemicals.map((c) => [c.id, c.name]));
  for (const p of merged.perfumes) p.chemicals = inferChemicals(p.notes, bridge, chemicalNames);
  const bridgeEntries = [...bridge.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  log(`bridge: ${bridgeEntries.length} notes linked to chemicals`);

  // 5. Note coverage, declared label lists and calibrated allergen estimates.
  const vocabulary = buildInciVocabulary(
    cosing.map((e) => e.inciName),
    chemicals,
  );
  const safety = buildSafety(
    merged.perfumes,
    chemicals,
    bridge,
    texts.labels,
    vocabulary,
    fragranceMaterialIds(chemicals, cosing),
  );
  log(
    `safety: ${safety.summary.labelledPerfumes} perfumes with a declared list (${safety.summary.unmatchedLabelRows.length} label rows unmatched); ` +
      `${safety.summary.estimates.perfumesWithEstimates} perfumes with allergen estimates`,
  );

  // 6. Classification counts with the domain's rules (the read model recomputes these with current data).
  const known = new Map(chemicals.map((c) => [c.id, c]));
  let complete = 0;
  let hypoallergenic = 0;
  const knowledge: Record<string, number> = {};
  for (const p of merged.perfumes) {
    const c = classifiableRecord({ ...p, ...safety.fields.get(p.id) });
    if (dataCategory(c, known) === 'complete') complete += 1;
    if (isHypoallergenic(c, known)) hypoallergenic += 1;
    const k = knowledgeOf(c);
    knowledge[k] = (knowledge[k] ?? 0) + 1;
  }
  const fieldCoverage: Record<string, number> = {};
  for (const p of merged.perfumes) {
    for (const field of Object.keys(p.field_sources)) fieldCoverage[field] = (fieldCoverage[field] ?? 0) + 1;
  }

  const files: Array<[string, Buffer]> = [
    [
      OUTPUT_FILES.perfumes,
      gzipDeterministic(jsonLinesBuffer(merged.perfumes.map((p) => perfumeLine(p, safety.fields.get(p.id))))),
    ],
    [OUTPUT_FILES.notes, Buffer.from(jsonArrayText(notes))],
    [OUTPUT_FILES.chemicals, Buffer.from(jsonArrayText(chemicals))],
    [OUTPUT_FILES.regions, Buffer.from(jsonArrayText(regionsOf(chemicals)))],
    [OUTPUT_FILES.noteConstituents, Buffer.from(jsonObjectText(bridgeEntries))],
    [
      OUTPUT_FILES.allergenModel,
      Buffer.from(`${JSON.stringify(allergenModelFile(safety.summary), null, 1)}\n`),
    ],
    [OUTPUT_FILES.inciVocabulary, inciVocabularyFile(vocabulary)],
  ];
  const byType: Record<string, number> = {};
  for (const c of chemicals) byType[c.type] = (byType[c.type] ?? 0) + 1;
  const summary: BuildSummary = {
    perfumeRowsPerSource: stats.rowsPerSource,
    perfumeRows: rows.length,
    perfumes: merged.perfumes.length,
    duplicatesMerged: merged.duplicatesMerged,
    lossyMatches: merged.lossyMatches,
    fuzzyMerges: merged.fuzzyMerges.count,
    fuzzyExamples: merged.fuzzyMerges.examples,
    spellingMerges: {
      merged: merged.spellingMerges.merged,
      byFragranticaId: merged.spellingMerges.byFragranticaId,
      brandSpellings: merged.spellingMerges.brandSpellings,
    },
    brandAliases: merged.brandAliases.length,
    brands: new Set(merged.perfumes.map((p) => p.brand)).size,
    perfumesBySourceCount: merged.bySourceCount,
    decoysStripped: stats.decoysStripped,
    thdUnsplit: stats.thdUnsplit,
    smellthingsUnknownOrigin: stats.smellthingsUnknownOrigin,
    notes: notes.length,
    notesInTaxonomy: taxonomy.length,
    chemicals: chemicals.length,
    chemicalsByType: byType,
    chemicalScope: chemicalResult.scope,
    userMaterialConflicts: userMaterialConflicts.map((r) => `${r.material}: ${r.constituent} (${r.raw})`),
    allergens: chemicals.filter((c) => c.allergen_flag).length,
    prohibited: chemicals.filter((c) => c.prohibited).length,
    restricted: chemicals.filter((c) => c.restricted).length,
    prop65Listed: chemicals.filter((c) => c.safety_information.regional_summary.prop65_listed).length,
    verified: chemicals.filter((c) => c.verified).length,
    rejectedCas: chemicalResult.rejectedCas,
    otherMaterials: chemicalResult.otherMaterials,
    bridgeNotes: bridgeEntries.length,
    bridgeLinks: bridgeEntries.reduce((n, [, list]) => n + list.length, 0),
    perfumesWithChemicals: merged.perfumes.filter((p) => p.chemicals.length > 0).length,
    complete,
    unspecific: merged.perfumes.length - complete,
    hypoallergenic,
    fieldCoverage,
    safety: safety.summary,
    knowledge,
  };
  return { files, summary };
}
