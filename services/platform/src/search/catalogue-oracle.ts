/**
 * A brute-force catalogue search: every query scans every perfume and applies `CatalogueQuery`'s
 * meaning in the most direct way, with the domain's rules and nothing of the index's own modules
 * (query preparation, chemical table, cards), so a mistake there shows as a disagreement. Slow
 * and obviously right; the randomized tests compare the real adapters against it. Answers are the
 * matching documents in order; the tests render them as cards themselves. Not for production use.
 */
import {
  allergenLabelKey,
  catalogue,
  dataCategory,
  filterChemicalIds,
  isHypoallergenic,
  noteKey,
  type PerfumeChemicalLink,
  perfumeChemicals,
} from '@scentinel/domain';
import type {
  CataloguePerfume,
  Chemical,
  NoteRecord,
  PerfumeDocument,
  RegionRecord,
} from './catalogue.types.ts';
import { relevanceKey } from './relevance.ts';
import type { CatalogueQuery, CatalogueStats } from './search-index.port.ts';
import {
  editDistanceWithin,
  joinedWords,
  MIN_PREFIX,
  queryWords,
  searchWords,
  typoBudget,
} from './search-text.ts';
import { isCasNumber, normalizeCas, normalizeText } from './text-normalize.ts';

export interface OracleResult {
  items: { id: string; document: PerfumeDocument }[];
  total: number;
  has_more: boolean;
}

export class CatalogueOracle {
  /** The chemicals by id. */
  readonly chemicals = new Map<string, Chemical>();
  /** Insertion order is catalogue order (re-upserting keeps a perfume's place). */
  private readonly docs = new Map<string, PerfumeDocument>();
  private readonly taxonomy: Map<string, NoteRecord>;
  /** Classification per perfume id, forgotten on any write that could change it. */
  private readonly classified = new Map<string, ReturnType<CatalogueOracle['classifyNow']>>();

  constructor(options: { regions?: readonly RegionRecord[]; notes?: readonly NoteRecord[] } = {}) {
    this.taxonomy = new Map((options.notes ?? []).map((n) => [String(n.id), n]));
  }

  upsertPerfume(doc: PerfumeDocument, _position = 0): void {
    this.docs.set(doc.perfume.id, structuredClone(doc));
    this.classified.delete(doc.perfume.id);
  }

  removePerfume(id: string): void {
    this.docs.delete(id);
    this.classified.delete(id);
  }

  getPerfume(id: string): PerfumeDocument | null {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  resolvePerfumeId(id: string): string | null {
    if (this.docs.has(id)) return id;
    for (const doc of this.docs.values()) if (doc.perfume.merged_ids?.includes(id)) return doc.perfume.id;
    return null;
  }

  upsertChemical(chemical: Chemical): void {
    this.chemicals.set(chemical.id, chemical);
    this.classified.clear();
  }

  removeChemical(id: string): void {
    this.chemicals.delete(id);
    this.classified.clear();
  }

  stats(): CatalogueStats {
    let complete = 0;
    let hypoallergenic = 0;
    for (const doc of this.docs.values()) {
      const c = this.classify(doc);
      if (c.complete) complete++;
      if (c.hypoallergenic) hypoallergenic++;
    }
    return {
      total_perfumes: this.docs.size,
      complete,
      unspecific: this.docs.size - complete,
      hypoallergenic,
    };
  }

  search(q: CatalogueQuery): OracleResult {
    const rawText = q.text ?? '';
    const hasText = normalizeText(rawText) !== '' || isCasNumber(rawText);
    const active =
      hasText ||
      [q.brands, q.include_chemicals, q.exclude_chemicals, q.include_notes, q.exclude_notes].some(
        (list) => (list?.length ?? 0) > 0,
      ) ||
      q.allergen_free === true ||
      q.include_unspecific === true;
    const category = q.category ?? (active ? 'all' : 'complete');
    const brandKeys = (q.brands ?? []).map(normalizeText);
    const includes = (q.include_chemicals ?? []).map((ref) => this.resolve(ref));
    const excludes = (q.exclude_chemicals ?? []).flatMap((ref) => this.resolve(ref));
    const noteOf = (ref: string) => noteKey(this.taxonomy.get(ref.trim())?.name ?? ref);
    const includeNotes = (q.include_notes ?? []).map(noteOf);
    const excludeNotes = (q.exclude_notes ?? []).map(noteOf);
    const words = hasText ? queryWords(rawText) : [];
    const textChemicals = hasText ? this.resolve(rawText) : [];
    const brandSizes = new Map<string, number>();
    for (const d of this.docs.values()) {
      const key = normalizeText(d.perfume.brand);
      brandSizes.set(key, (brandSizes.get(key) ?? 0) + 1);
    }

    const matches: { doc: PerfumeDocument; key: number; order: number }[] = [];
    let order = 0;
    for (const doc of this.docs.values()) {
      order++;
      const p = doc.perfume;
      const c = this.classify(doc);
      if (category === 'complete' && !c.complete) continue;
      if (category === 'unspecific' && c.complete) continue;
      if (category === 'hypoallergenic' && !c.hypoallergenic) continue;
      if (q.allergen_free && !c.hypoallergenic) continue;
      if (brandKeys.length > 0 && !brandKeys.includes(normalizeText(p.brand))) continue;
      if (!includes.every((ids) => ids.some((id) => c.filterIds.includes(id)))) continue;
      if (excludes.some((id) => c.filterIds.includes(id))) continue;
      const notes = [...p.notes.top, ...p.notes.middle, ...p.notes.base, ...p.notes.unspecified].map(noteKey);
      if (!includeNotes.every((k) => notes.includes(k))) continue;
      if (excludeNotes.some((k) => notes.includes(k))) continue;
      let key = 0;
      if (hasText) {
        const linksChemical = textChemicals.some((id) => c.filterIds.includes(id));
        const k = textKey(p, words, linksChemical, brandSizes.get(normalizeText(p.brand)) ?? 0);
        if (k === null) continue;
        key = k;
      }
      matches.push({ doc, key, order });
    }
    matches.sort((a, b) => a.key - b.key || a.order - b.order);
    const page = matches.slice(q.skip, q.skip + q.limit);
    return {
      items: page.map((m) => ({ id: m.doc.perfume.id, document: structuredClone(m.doc) })),
      total: matches.length,
      has_more: q.skip + page.length < matches.length,
    };
  }

  /**
   * Chemical ids a reference names (id, CAS, name, INCI name or a label name an allergen entry
   * prescribes), with every label allergen of the same label name.
   */
  private resolve(ref: string): string[] {
    const trimmed = ref.trim();
    if (trimmed === '') return [];
    const all = [...this.chemicals.values()];
    let direct: Chemical[];
    if (this.chemicals.has(trimmed)) direct = [this.chemicals.get(trimmed)!];
    else if (isCasNumber(trimmed)) {
      direct = all.filter((c) => c.cas_number && normalizeCas(c.cas_number) === normalizeCas(trimmed));
    } else {
      const key = normalizeText(trimmed);
      direct = all.filter(
        (c) =>
          key !== '' &&
          (normalizeText(c.name) === key ||
            (c.inci_name !== null && normalizeText(c.inci_name) === key) ||
            catalogue.allergenLabelNames(c).some((n) => normalizeText(n) === key)),
      );
    }
    const out = new Set(direct.map((c) => c.id));
    for (const c of direct) {
      const label = allergenLabelKey(c);
      if (label) for (const other of all) if (allergenLabelKey(other) === label) out.add(other.id);
    }
    return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private classify(doc: PerfumeDocument) {
    let c = this.classified.get(doc.perfume.id);
    if (c === undefined) {
      c = this.classifyNow(doc);
      this.classified.set(doc.perfume.id, c);
    }
    return c;
  }

  /** Category, hypoallergenic flag and the chemical ids filters see, by the domain's rules. */
  private classifyNow(doc: PerfumeDocument) {
    const p = doc.perfume;
    const links: PerfumeChemicalLink[] = perfumeChemicals({ status: 'catalogued', ...doc });
    const classifiable = {
      notes: p.notes,
      chemicals: links.map((link) =>
        'kind' in link
          ? { chemical_id: link.chemical_id, kind: 'declared' as const }
          : { chemical_id: link.chemical_id },
      ),
      label: p.label ?? null,
      coverage: p.coverage ?? null,
      allergen_estimates: p.allergen_estimates ?? [],
    };
    const complete = dataCategory(classifiable, this.chemicals) === 'complete';
    return {
      complete,
      hypoallergenic: isHypoallergenic(classifiable, this.chemicals),
      filterIds: filterChemicalIds(classifiable),
    };
  }
}

/** What matching query word `q` to a name or brand word `w` costs: [typos, prefix], or null. */
function matchCost(q: string, w: string, last: boolean): [number, number] | null {
  if (w === q) return [0, 0];
  if (last && w.startsWith(q)) return [0, 1];
  const budget = typoBudget(q);
  if (budget === 0 || w[0] !== q[0] || Math.abs(w.length - q.length) > budget) return null;
  const d = editDistanceWithin(q, w, budget);
  return d <= budget ? [d, 0] : null;
}

/** The relevance key of a perfume for the query words, or null when the text does not match it. */
function textKey(
  p: CataloguePerfume,
  words: readonly string[],
  linksChemical: boolean,
  brandSize: number,
): number | null {
  const nameWords = searchWords(p.name);
  const nameVocab = [...nameWords, ...joinedWords(p.name)];
  const brandVocab = [...searchWords(p.brand), ...joinedWords(p.brand)];
  let typos = 0;
  let prefixes = 0;
  let nameHits = 0;
  let brandHit = false;
  let all = words.length > 0;
  const positions: number[] = [];
  for (const [i, word] of words.entries()) {
    const last = i === words.length - 1 && word.length >= MIN_PREFIX;
    const costs = [...nameVocab, ...brandVocab]
      .map((w) => matchCost(word, w, last))
      .filter((x) => x !== null);
    if (costs.length === 0) {
      all = false;
      break;
    }
    const best = costs.reduce((a, b) => (b[0] < a[0] || (b[0] === a[0] && b[1] < a[1]) ? b : a));
    typos += best[0];
    prefixes += best[1];
    if (nameVocab.some((w) => matchCost(word, w, last) !== null)) {
      nameHits++;
      positions.push(nameWords.findIndex((w) => matchCost(word, w, last) !== null));
    }
    if (brandVocab.some((w) => matchCost(word, w, last) !== null)) brandHit = true;
  }
  if (!all && !linksChemical) return null;
  const placed = positions.filter((at) => at >= 0);
  const facts = {
    sources: p.sources.length,
    brandSize,
    nameLength: p.name.length,
    year: p.year_released,
  };
  if (!all) {
    return relevanceKey({
      ...facts,
      chemicalOnly: true,
      typos: 0,
      nameHits: 0,
      nameWords: 0,
      brandHit: false,
      brandWhole: false,
      inOrder: true,
      prefixes: 0,
    });
  }
  return relevanceKey({
    ...facts,
    chemicalOnly: false,
    typos,
    nameHits,
    nameWords: new Set(nameWords).size,
    brandHit,
    brandWhole:
      brandHit &&
      [...new Set(searchWords(p.brand))].every((w) =>
        words.some((q, i) => matchCost(q, w, i === words.length - 1 && q.length >= MIN_PREFIX) !== null),
      ),
    inOrder: nameHits < 2 || placed.every((at, i) => i === 0 || at > placed[i - 1]!),
    prefixes,
  });
}
