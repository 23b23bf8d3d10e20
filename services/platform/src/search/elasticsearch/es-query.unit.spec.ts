/**
 * The Elasticsearch translation, tested two ways: the JSON it builds for known queries, and its
 * meaning: a small evaluator of the query DSL subset it uses (term, terms, prefix, bool,
 * constant_score, match_all/none, sort by _score and seq) runs the translated queries over the
 * translated documents and must give the brute-force oracle's answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureChemicals, fixtureNotes, fixtureRegions, generateCatalogue } from '../catalogue.fixtures.ts';
import { CatalogueOracle } from '../catalogue-oracle.ts';
import { prepareText, resolveChemicalRefs, resolveNoteRefs } from '../catalogue-query.ts';
import { ChemicalTable } from '../chemical-table.ts';
import { filterArbs } from '../search-index.contract.ts';
import type { CatalogueQuery } from '../search-index.port.ts';
import { type EsPerfumeDoc, perfumeIndexDefinition, toEsDoc } from './es-document.ts';
import { type EsQuery, type ResolvedRefs, toEsSearchBody } from './es-query.ts';

type Json = Record<string, unknown>;

function fieldValues(doc: EsPerfumeDoc, field: string): unknown[] {
  const v = (doc as unknown as Json)[field];
  return Array.isArray(v) ? v : [v];
}

/** [matches, score] of one query clause on one document (Elasticsearch semantics for this subset). */
function evaluate(q: EsQuery, doc: EsPerfumeDoc): [boolean, number] {
  const [kind, body] = Object.entries(q)[0] as [string, Json];
  switch (kind) {
    case 'match_all':
      return [true, 1];
    case 'match_none':
      return [false, 0];
    case 'term': {
      const [field, value] = Object.entries(body)[0]!;
      return [fieldValues(doc, field).includes(value), 1];
    }
    case 'terms': {
      const [field, values] = Object.entries(body)[0] as [string, unknown[]];
      return [fieldValues(doc, field).some((v) => values.includes(v)), 1];
    }
    case 'prefix': {
      const [field, value] = Object.entries(body)[0] as [string, string];
      return [fieldValues(doc, field).some((v) => typeof v === 'string' && v.startsWith(value)), 1];
    }
    case 'constant_score': {
      const [ok] = evaluate(body.filter as EsQuery, doc);
      return [ok, ok ? (body.boost as number) : 0];
    }
    case 'bool': {
      const must = (body.must as EsQuery[] | undefined) ?? [];
      const filter = (body.filter as EsQuery[] | undefined) ?? [];
      const should = (body.should as EsQuery[] | undefined) ?? [];
      const mustNot = (body.must_not as EsQuery[] | undefined) ?? [];
      let score = 0;
      for (const c of must) {
        const [ok, s] = evaluate(c, doc);
        if (!ok) return [false, 0];
        score += s;
      }
      for (const c of filter) if (!evaluate(c, doc)[0]) return [false, 0];
      for (const c of mustNot) if (evaluate(c, doc)[0]) return [false, 0];
      const minimum =
        (body.minimum_should_match as number | undefined) ??
        (must.length + filter.length === 0 && should.length > 0 ? 1 : 0);
      let matched = 0;
      for (const c of should) {
        const [ok, s] = evaluate(c, doc);
        if (ok) {
          matched++;
          score += s;
        }
      }
      return [matched >= minimum, score];
    }
    default:
      throw new Error(`The test evaluator does not know ${kind}`);
  }
}

function runEs(docs: EsPerfumeDoc[], q: CatalogueQuery, refs: ResolvedRefs) {
  const body = toEsSearchBody(q, refs);
  const hits = docs
    .map((doc) => ({ doc, r: evaluate(body.query, doc) }))
    .filter((h) => h.r[0])
    .map((h) => ({ doc: h.doc, score: h.r[1] }));
  hits.sort((a, b) => {
    for (const s of body.sort) {
      const [field, dir] = Object.entries(s)[0] as [string, string];
      const x = field === '_score' ? a.score : (a.doc as unknown as Json)[field];
      const y = field === '_score' ? b.score : (b.doc as unknown as Json)[field];
      if (x !== y) return ((x as number) < (y as number) ? -1 : 1) * (dir === 'asc' ? 1 : -1);
    }
    return 0;
  });
  return { ids: hits.slice(body.from, body.from + body.size).map((h) => h.doc.id), total: hits.length };
}

function setup(seed: number, size: number) {
  const oracle = new CatalogueOracle({ regions: fixtureRegions, notes: fixtureNotes });
  for (const c of fixtureChemicals()) oracle.upsertChemical(c);
  const docs = generateCatalogue(seed, size);
  for (const d of docs) oracle.upsertPerfume(d);
  const table = new ChemicalTable(fixtureRegions);
  for (const c of fixtureChemicals()) table.upsert(c);
  const known = table.known();
  const esDocs = docs.map((d, i) => toEsDoc(d, known, i + 1));
  const taxonomy = new Map(fixtureNotes.map((n) => [n.id, n]));
  const refs = (q: CatalogueQuery): ResolvedRefs => {
    const text = prepareText(q.text);
    return {
      includeChemicals: resolveChemicalRefs(q.include_chemicals, table),
      excludeChemicals: resolveChemicalRefs(q.exclude_chemicals, table).flat(),
      includeNotes: resolveNoteRefs(q.include_notes, taxonomy),
      excludeNotes: resolveNoteRefs(q.exclude_notes, taxonomy),
      casChemicalIds: text?.cas ? table.findByCas(text.cas).map((c) => c.id) : [],
    };
  };
  return { oracle, esDocs, refs };
}

describe('CatalogueQuery → Elasticsearch', () => {
  it('builds a filter-only bool query in catalogue order when there is no text', () => {
    const body = toEsSearchBody(
      {
        brands: ['Hermès', 'HERMES'],
        category: 'complete',
        include_chemicals: ['Linalool'],
        exclude_notes: ['Rose'],
        allergen_free: true,
        limit: 50,
        skip: 100,
      },
      {
        includeChemicals: [['chem-linalool', 'chem-linalool']],
        excludeChemicals: [],
        includeNotes: [],
        excludeNotes: ['rose'],
        casChemicalIds: [],
      },
    );
    expect(body).toEqual({
      query: {
        bool: {
          filter: [
            { term: { category: 'complete' } },
            { term: { hypoallergenic: true } },
            { terms: { brand_key: ['hermes'] } },
            { terms: { chemical_ids: ['chem-linalool'] } },
          ],
          must_not: [{ terms: { note_keys: ['rose'] } }],
        },
      },
      sort: [{ seq: 'asc' }],
      from: 100,
      size: 50,
      track_total_hits: true,
      _source: ['document'],
    });
  });

  it('defaults to complete-only, and to match_all when everything is allowed', () => {
    expect(toEsSearchBody({ limit: 10, skip: 0 }, noRefs()).query).toEqual({
      bool: { filter: [{ term: { category: 'complete' } }] },
    });
    expect(toEsSearchBody({ category: 'all', limit: 10, skip: 0 }, noRefs()).query).toEqual({
      match_all: {},
    });
  });

  it('matches every query word with a typo allowance by length, the last as a prefix, scored by popularity', () => {
    const body = toEsSearchBody({ text: 'YSL Black Opum', limit: 5, skip: 10 }, noRefs());
    expect(body.sort).toEqual([{ _score: 'desc' }, { seq: 'asc' }]);
    expect(body.from).toBe(10);
    const fs = (body.query as { function_score: Json }).function_score;
    expect(fs.field_value_factor).toEqual({ field: 'sources', modifier: 'log1p', missing: 0 });
    const bool = (fs.query as { bool: Json }).bool;
    const match = (bool.must as Json[])[0] as { bool: { should: Json[]; minimum_should_match: number } };
    expect(match.bool.minimum_should_match).toBe(1);
    const words = (match.bool.should[0] as { bool: { must: { multi_match: Json }[] } }).bool.must;
    // The alias is read as the brand's words; every word must match the name or the brand.
    expect(words.map((w) => w.multi_match.query)).toEqual(['yves', 'saint', 'laurent', 'black', 'opum']);
    for (const w of words) {
      expect(w.multi_match).toMatchObject({
        fields: ['name_text^2', 'brand_text'],
        fuzziness: 'AUTO:5,9',
        prefix_length: 1,
      });
    }
    expect(words.map((w) => w.multi_match.type ?? null)).toEqual([null, null, null, null, 'bool_prefix']);
    expect(bool.should).toEqual([
      { constant_score: { filter: { term: { name_key: 'yves saint laurent black opum' } }, boost: 10 } },
      { match_phrase: { name_text: { query: 'yves saint laurent black opum', boost: 3 } } },
    ]);
  });

  it('also finds the perfumes containing a chemical the text names, and reads number signs as words', () => {
    const cas = toEsSearchBody(
      { text: '78-70-6', limit: 5, skip: 0 },
      { ...noRefs(), casChemicalIds: ['c1', 'c2'] },
    );
    expect(JSON.stringify(cas.query)).toContain('{"terms":{"chemical_ids":["c1","c2"]}}');
    const sign = JSON.stringify(toEsSearchBody({ text: 'Chanel N°5', limit: 5, skip: 0 }, noRefs()).query);
    expect(sign).toContain('"query":"no"');
    expect(sign).toContain('"query":"5"');
  });

  it('an include that names no chemical matches nothing', () => {
    const body = toEsSearchBody(
      { include_chemicals: ['nope'], limit: 5, skip: 0 },
      { ...noRefs(), includeChemicals: [[]] },
    );
    expect(JSON.stringify(body.query)).toContain('{"match_none":{}}');
  });

  it('maps every field the queries use: filters as keywords, name and brand also as text', () => {
    const body = toEsSearchBody(
      { text: 'rose', brands: ['x'], include_notes: ['y'], include_chemicals: ['z'], limit: 1, skip: 0 },
      { ...noRefs(), includeChemicals: [['z']], includeNotes: ['y'] },
    );
    const used = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (['term', 'terms', 'prefix'].includes(k)) used.add(Object.keys(v as Json)[0]!);
          else walk(v);
        }
      }
    };
    walk(body.query);
    expect(JSON.stringify(body.query)).toContain('"fields":["name_text^2","brand_text"]');
    expect(perfumeIndexDefinition.mappings.properties.name_text.type).toBe('text');
    expect(perfumeIndexDefinition.mappings.properties.brand_text.type).toBe('text');
    expect(perfumeIndexDefinition.mappings.properties.sources.type).toBe('integer');
    for (const field of ['name_key', 'brand_key', 'chemical_ids', 'note_keys']) {
      expect(used.has(field)).toBe(true);
      expect(perfumeIndexDefinition.mappings.properties[field as 'name_key'].type).toBe('keyword');
    }
  });

  // Text relevance (typos, popularity) is Elasticsearch's own scoring and is not simulated here:
  // the filters' meaning, totals and catalogue order must match the oracle exactly.
  it('means what the oracle means, for random filter queries on random catalogues', () => {
    const query: fc.Arbitrary<CatalogueQuery> = fc.record(
      {
        ...filterArbs,
        limit: fc.integer({ min: 1, max: 40 }),
        skip: fc.integer({ min: 0, max: 30 }),
      },
      { requiredKeys: ['limit', 'skip'] },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(query, { minLength: 1, maxLength: 20 }),
        (seed, qs) => {
          const { oracle, esDocs, refs } = setup(seed, 120);
          for (const q of qs) {
            const want = oracle.search(q);
            expect({ q, ...runEs(esDocs, q, refs(q)) }).toEqual({
              q,
              ids: want.items.map((p) => p.id),
              total: want.total,
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});

function noRefs(): ResolvedRefs {
  return {
    includeChemicals: [],
    excludeChemicals: [],
    includeNotes: [],
    excludeNotes: [],
    casChemicalIds: [],
  };
}
