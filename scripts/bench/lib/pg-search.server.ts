/**
 * The throughput bench's Postgres peer: `POST /api/perfumes/filter` (limit, skip and search in the
 * query string, the filter lists in the body, as the app takes them) answered by Fastify + pg from
 * a table with GIN (arrays, trigram) indexes that the bench loaded (`PG_SEARCH_SCHEMA`). Text
 * matches every query word in the name or brand (trigram-indexed `LIKE`) and is ranked by trigram
 * similarity; filters mean what the app's mean. The answer is the app's lean list page.
 *
 *   PORT=4001 DATABASE_URL=… PG_SEARCH_SCHEMA=bench_x node --import tsx scripts/bench/lib/pg-search.server.ts
 */
import { noteKey } from '@scentinel/domain';
import { normalizeText } from '@scentinel/platform/search';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const schema = process.env.PG_SEARCH_SCHEMA ?? '';
if (!Number.isInteger(port) || !/^[a-z_][a-z0-9_]*$/.test(schema)) {
  process.stderr.write('pg-search: PORT and PG_SEARCH_SCHEMA are required\n');
  process.exit(2);
}
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test',
  max: 10,
  options: `-c search_path=${schema},public`,
});

interface Body {
  brands?: string[];
  include_notes?: string[];
  exclude_notes?: string[];
  include_chemicals?: string[];
  exclude_chemicals?: string[];
  allergen_free?: boolean;
}

const server = Fastify({ logger: false });
server.get('/', async () => ({ ok: true }));
server.post<{ Querystring: { limit?: string; skip?: string; search?: string }; Body: Body }>(
  '/api/perfumes/filter',
  async (request) => {
    const limit = Math.min(200, Number(request.query.limit ?? 50));
    const skip = Number(request.query.skip ?? 0);
    const b = request.body ?? {};
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    const words = normalizeText(request.query.search ?? '')
      .split(' ')
      .filter(Boolean);
    const active =
      words.length > 0 ||
      [b.brands, b.include_notes, b.exclude_notes, b.include_chemicals, b.exclude_chemicals].some(
        (l) => (l?.length ?? 0) > 0,
      ) ||
      b.allergen_free === true;
    if (!active) where.push(`category = 'complete'`);
    if (b.allergen_free) where.push('hypoallergenic');
    if (b.brands?.length) where.push(`brand_key = ANY(${p(b.brands.map(normalizeText))}::text[])`);
    for (const n of b.include_notes ?? []) where.push(`note_keys @> ARRAY[${p(noteKey(n))}::text]`);
    if (b.exclude_notes?.length) where.push(`NOT (note_keys && ${p(b.exclude_notes.map(noteKey))}::text[])`);
    for (const c of b.include_chemicals ?? []) where.push(`chemical_ids @> ARRAY[${p(c)}::text]`);
    if (b.exclude_chemicals?.length) where.push(`NOT (chemical_ids && ${p(b.exclude_chemicals)}::text[])`);
    let score = '0';
    if (words.length > 0) {
      for (const w of words) {
        const like = p(`%${w}%`);
        where.push(`(name_key LIKE ${like} OR brand_key LIKE ${like})`);
      }
      score = `similarity(name_key || ' ' || brand_key, ${p(words.join(' '))})`;
    }
    const sql = `WITH m AS (SELECT doc, ${score} AS score
        FROM perfumes ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''})
      SELECT t.total, page.card
      FROM (SELECT count(*) AS total FROM m) t
      LEFT JOIN LATERAL (
        SELECT p.card, m.score, m.doc FROM m JOIN perfumes p USING (doc)
        ORDER BY m.score DESC, m.doc LIMIT ${p(limit)} OFFSET ${p(skip)}
      ) page ON true
      ORDER BY page.score DESC, page.doc`;
    const { rows } = await pool.query<{ total: string; card: unknown }>(sql, params);
    const total = Number(rows[0]?.total ?? 0);
    const perfumes = rows.flatMap((r) => (r.card === null ? [] : [r.card]));
    return { perfumes, total, has_more: skip + perfumes.length < total, limit, skip };
  },
);

process.on('SIGTERM', () => {
  void server.close().then(() => pool.end().then(() => process.exit(0)));
});

await server.listen({ host: '127.0.0.1', port });
process.stdout.write(`pg-search listening on http://127.0.0.1:${port}\n`);
