/**
 * A brute-force catalogue search: every query scans every perfume and applies `CatalogueQuery`'s
 * meaning in the most direct way. Slow and obviously right; the randomized tests compare the real
 * adapters against it. Not for production use.
 */
import { filterChemicalIds, noteKey } from '@scentinel/domain';
import type { Chemical, NoteRecord, PerfumeDocument, RegionRecord } from './catalogue.types.ts';
import {
  effectiveCategory,
  prepareText,
  resolveChemicalRefs,
  resolveNoteRefs,
  textRank,
} from './catalogue-query.ts';
import { ChemicalTable } from './chemical-table.ts';
import { classifiable, classify, toPerfumeCard, visibleLinks } from './perfume-card.ts';
import type { CatalogueQuery, CatalogueResult, CatalogueStats } from './search-index.port.ts';
import { normalizeText } from './text-normalize.ts';

export class CatalogueOracle {
  readonly chemicals: ChemicalTable;
  /** Insertion order is catalogue order (re-upserting keeps a perfume's place). */
  private readonly docs = new Map<string, PerfumeDocument>();
  private readonly taxonomy: Map<string, NoteRecord>;

  constructor(options: { regions?: readonly RegionRecord[]; notes?: readonly NoteRecord[] } = {}) {
    this.chemicals = new ChemicalTable(options.regions ?? []);
    this.taxonomy = new Map((options.notes ?? []).map((n) => [String(n.id), n]));
  }

  upsertPerfume(doc: PerfumeDocument, _position = 0): void {
    this.docs.set(doc.perfume.id, structuredClone(doc));
  }

  removePerfume(id: string): void {
    this.docs.delete(id);
  }

  getPerfume(id: string): PerfumeDocument | null {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  upsertChemical(chemical: Chemical): void {
    this.chemicals.upsert(chemical);
  }

  removeChemical(id: string): void {
    this.chemicals.remove(id);
  }

  stats(): CatalogueStats {
    const known = this.chemicals.known();
    let complete = 0;
    let hypoallergenic = 0;
    for (const doc of this.docs.values()) {
      const c = classify(doc.perfume, visibleLinks(doc), known);
      if (c.category === 'complete') complete++;
      if (c.hypoallergenic) hypoallergenic++;
    }
    return {
      total_perfumes: this.docs.size,
      complete,
      unspecific: this.docs.size - complete,
      hypoallergenic,
    };
  }

  search(q: CatalogueQuery): CatalogueResult {
    const known = this.chemicals.known();
    const category = effectiveCategory(q);
    const text = prepareText(q.text);
    const brandKeys = (q.brands ?? []).map(normalizeText);
    const includes = resolveChemicalRefs(q.include_chemicals, this.chemicals);
    const excludes = resolveChemicalRefs(q.exclude_chemicals, this.chemicals).flat();
    const includeNotes = resolveNoteRefs(q.include_notes, this.taxonomy);
    const excludeNotes = resolveNoteRefs(q.exclude_notes, this.taxonomy);
    const casIds = text?.cas ? this.chemicals.findByCas(text.cas).map((c) => c.id) : [];

    const matches: { doc: PerfumeDocument; rank: number; order: number }[] = [];
    let order = 0;
    for (const doc of this.docs.values()) {
      order++;
      const p = doc.perfume;
      const links = visibleLinks(doc);
      // Filters see the links and, without a declared list, the likely and possible allergens.
      const linkIds = filterChemicalIds(classifiable(p, links));
      const c = classify(p, links, known);
      if (category === 'complete' && c.category !== 'complete') continue;
      if (category === 'unspecific' && c.category !== 'unspecific') continue;
      if (category === 'hypoallergenic' && !c.hypoallergenic) continue;
      if (q.allergen_free && !c.hypoallergenic) continue;
      if (brandKeys.length > 0 && !brandKeys.includes(normalizeText(p.brand))) continue;
      if (!includes.every((ids) => ids.some((id) => linkIds.includes(id)))) continue;
      if (excludes.some((id) => linkIds.includes(id))) continue;
      const notes = [...p.notes.top, ...p.notes.middle, ...p.notes.base, ...p.notes.unspecified].map(noteKey);
      if (!includeNotes.every((k) => notes.includes(k))) continue;
      if (excludeNotes.some((k) => notes.includes(k))) continue;
      let rank = 0;
      if (text) {
        rank = textRank(
          text,
          normalizeText(p.name),
          normalizeText(p.brand),
          casIds.some((id) => linkIds.includes(id)),
        );
        if (rank < 0) continue;
      }
      matches.push({ doc, rank, order });
    }
    matches.sort((a, b) => a.rank - b.rank || a.order - b.order);
    const page = matches.slice(q.skip, q.skip + q.limit);
    return {
      items: page.map((m) => toPerfumeCard(m.doc, known)),
      total: matches.length,
      has_more: q.skip + page.length < matches.length,
    };
  }
}
