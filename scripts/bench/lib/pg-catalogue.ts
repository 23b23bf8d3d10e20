/**
 * The search benches' Postgres peer: the catalogue as a table with GIN (arrays, trigram) and
 * B-tree indexes, loaded from the in-process index's documents (search columns plus the card the
 * API answers with), and `CatalogueQuery` translated to one SQL round trip with the same meaning.
 */
import type { SqlClient } from '@scentinel/platform';
import {
  type CatalogueQuery,
  type Chemical,
  effectiveCategory,
  type InProcessSearchIndex,
  type NoteRecord,
  type PerfumeDocument,
  prepareText,
  resolveChemicalRefs,
  resolveNoteRefs,
  toEsDoc,
  toPerfumeCard,
} from '@scentinel/platform/search';

export const PG_SCHEMA = `CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE TABLE perfumes (
  doc integer PRIMARY KEY,
  id text NOT NULL,
  name_key text NOT NULL,
  brand_key text NOT NULL,
  category text NOT NULL,
  hypoallergenic boolean NOT NULL,
  chemical_ids text[] NOT NULL,
  note_keys text[] NOT NULL,
  card jsonb NOT NULL
)`;
export const PG_INDEXES = `CREATE INDEX perfumes_name_trgm ON perfumes USING gin (name_key gin_trgm_ops);
CREATE INDEX perfumes_brand_trgm ON perfumes USING gin (brand_key gin_trgm_ops);
CREATE INDEX perfumes_name_prefix ON perfumes (name_key text_pattern_ops);
CREATE INDEX perfumes_brand ON perfumes (brand_key, doc);
CREATE INDEX perfumes_category ON perfumes (category, doc);
CREATE INDEX perfumes_hypo ON perfumes (doc) WHERE hypoallergenic;
CREATE INDEX perfumes_chemicals ON perfumes USING gin (chemical_ids);
CREATE INDEX perfumes_notes ON perfumes USING gin (note_keys);
ANALYZE perfumes`;

/**
 * Loads documents (streamed, in catalogue order) into the Postgres peer; `card` is what a row
 * answers with (the full card by default; the throughput bench stores the lean list card).
 */
export async function loadPostgres(
  sql: SqlClient,
  documents: Iterable<PerfumeDocument>,
  known: ReadonlyMap<string, Chemical>,
  card: (doc: PerfumeDocument) => unknown = (doc) => toPerfumeCard(doc, known),
) {
  await sql.exec(PG_SCHEMA);
  let start = 0;
  for (const docs of chunks(documents, 2000)) {
    const rows = docs.map((d, i) => {
      const es = toEsDoc(d, known, start + i);
      return {
        doc: start + i,
        id: es.id,
        name_key: es.name_key,
        brand_key: es.brand_key,
        category: es.category,
        hypoallergenic: es.hypoallergenic,
        chemical_ids: es.chemical_ids,
        note_keys: es.note_keys,
        card: card(d),
      };
    });
    await sql.query(
      `INSERT INTO perfumes (doc, id, name_key, brand_key, category, hypoallergenic, chemical_ids, note_keys, card)
       SELECT r.doc, r.id, r.name_key, r.brand_key, r.category, r.hypoallergenic,
              ARRAY(SELECT jsonb_array_elements_text(r.chemical_ids)),
              ARRAY(SELECT jsonb_array_elements_text(r.note_keys)), r.card
       FROM jsonb_to_recordset($1::jsonb) AS r(doc int, id text, name_key text, brand_key text, category text,
            hypoallergenic boolean, chemical_ids jsonb, note_keys jsonb, card jsonb)`,
      [JSON.stringify(rows)],
    );
    start += docs.length;
  }
  await sql.exec(PG_INDEXES);
}

function* chunks<T>(items: Iterable<T>, size: number): Iterable<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The peer's translation of a query: the same meaning, over the same resolved references. */
export function toSql(
  q: CatalogueQuery,
  index: InProcessSearchIndex,
  taxonomy: ReadonlyMap<string, NoteRecord>,
) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  switch (effectiveCategory(q)) {
    case 'complete':
      where.push(`category = 'complete'`);
      break;
    case 'unspecific':
      where.push(`category = 'unspecific'`);
      break;
    case 'hypoallergenic':
      where.push('hypoallergenic');
      break;
    case 'all':
      break;
  }
  if (q.allergen_free) where.push('hypoallergenic');
  if (q.brands && q.brands.length > 0) {
    where.push(`brand_key = ANY(${p(q.brands.map((b) => prepareText(b)?.normalized ?? ''))}::text[])`);
  }
  for (const ids of resolveChemicalRefs(q.include_chemicals, index.chemicals)) {
    where.push(ids.length === 0 ? 'FALSE' : `chemical_ids && ${p(ids)}::text[]`);
  }
  const excluded = resolveChemicalRefs(q.exclude_chemicals, index.chemicals).flat();
  if (excluded.length > 0) where.push(`NOT (chemical_ids && ${p(excluded)}::text[])`);
  for (const key of resolveNoteRefs(q.include_notes, taxonomy))
    where.push(`note_keys @> ARRAY[${p(key)}::text]`);
  const excludedNotes = resolveNoteRefs(q.exclude_notes, taxonomy);
  if (excludedNotes.length > 0) where.push(`NOT (note_keys && ${p(excludedNotes)}::text[])`);
  let tier = '0';
  const text = prepareText(q.text);
  if (text !== null) {
    const tokenIn = (col: string, t: string) => `(${col} LIKE ${p(`${t}%`)} OR ${col} LIKE ${p(`% ${t}%`)})`;
    const inName = text.tokens.map((t) => tokenIn('name_key', t)).join(' AND ') || 'FALSE';
    const inEither =
      text.tokens.map((t) => `(${tokenIn('name_key', t)} OR ${tokenIn('brand_key', t)})`).join(' AND ') ||
      'FALSE';
    const cas = text.cas ? index.chemicals.findByCas(text.cas).map((c) => c.id) : [];
    where.push(`((${inEither})${cas.length > 0 ? ` OR chemical_ids && ${p(cas)}::text[]` : ''})`);
    if (text.tokens.length > 0) {
      tier = `CASE WHEN name_key = ${p(text.normalized)} THEN 0 WHEN name_key LIKE ${p(`${text.normalized}%`)} THEN 1
        WHEN ${inName} THEN 2 WHEN ${inEither} THEN 3 ELSE 4 END`;
    }
  }
  // One round trip: the total over the matches, and the page joined to its cards.
  const sql = `WITH m AS (SELECT doc, ${tier} AS tier FROM perfumes ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''})
    SELECT t.total, page.id, page.card
    FROM (SELECT count(*) AS total FROM m) t
    LEFT JOIN LATERAL (
      SELECT p.id, p.card, m.tier, m.doc FROM m JOIN perfumes p USING (doc)
      ORDER BY m.tier, m.doc LIMIT ${p(q.limit)} OFFSET ${p(q.skip)}
    ) page ON true
    ORDER BY page.tier, page.doc`;
  return { sql, params };
}
