/**
 * A realistic search log for the throughput bench: what visitors ask `POST /api/perfumes/filter`,
 * drawn Zipf-distributed over the catalogue's popular values (brands by perfume count, notes and
 * chemicals by how many perfumes hold them, perfumes by how many source catalogues list them): text
 * (a name, brand + name, a brand, a name word, some with a typo), brand filters, notes, chemicals,
 * mixes of them, and later pages. Repeats are dropped, so no answer can come from a cache.
 */
import { seeded, typo } from './known-item-queries.ts';

export interface LogPerfume {
  name: string;
  brand: string;
  sources: readonly string[];
  notes: { top: string[]; middle: string[]; base: string[]; unspecified: string[] };
  chemicals: readonly { chemical_id: string }[];
}

export interface LoggedRequest {
  /** Path with query string (`limit`, `skip`, optional `search`). */
  path: string;
  /** JSON body: the filter lists and flags. */
  body: string;
  kind: string;
}

/** Values by descending count. */
function ranked(values: Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([v]) => v);
}

/** A Zipf(s = 1) sampler over ranks 0 .. n-1. */
export function zipf(n: number, rand: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1);
    cdf[k] = sum;
  }
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function queryLog(perfumes: readonly LogPerfume[], size: number, seed = 20): LoggedRequest[] {
  const rand = seeded(seed);
  const brands = ranked(perfumes.map((p) => p.brand));
  const notes = ranked(perfumes.flatMap((p) => [...p.notes.top, ...p.notes.middle, ...p.notes.base]));
  const chemicals = ranked(perfumes.flatMap((p) => [...new Set(p.chemicals.map((c) => c.chemical_id))]));
  const popular = [...perfumes].sort((a, b) => b.sources.length - a.sources.length).slice(0, 20_000);
  const pick = <T>(list: readonly T[]) => {
    const next = zipf(list.length, rand);
    return () => list[next()]!;
  };
  const brand = pick(brands);
  const note = pick(notes);
  const chemical = pick(chemicals);
  const perfume = pick(popular);
  const chance = (p: number) => rand() < p;
  const page = () => (chance(0.7) ? 0 : 50 * (1 + Math.floor(rand() * rand() * 20)));
  const text = (): string => {
    const p = perfume();
    const r = rand();
    let t = r < 0.35 ? p.name : r < 0.6 ? `${p.brand} ${p.name}` : r < 0.75 ? p.brand : p.name.split(' ')[0]!;
    if (chance(0.1)) {
      const words = t.split(' ');
      const at = words.findIndex((w) => w.length >= 6);
      if (at >= 0) words[at] = typo(words[at]!.toLowerCase(), rand);
      t = words.join(' ');
    }
    return t;
  };
  const seen = new Set<string>();
  const out: LoggedRequest[] = [];
  for (let attempt = 0; out.length < size && attempt < size * 20; attempt++) {
    const r = rand();
    const kind = r < 0.45 ? 'text' : r < 0.6 ? 'brand' : r < 0.75 ? 'note' : r < 0.85 ? 'chemical' : 'mix';
    const body = {
      brands: [] as string[],
      include_notes: [] as string[],
      exclude_notes: [] as string[],
      include_chemicals: [] as string[],
      exclude_chemicals: [] as string[],
      allergen_free: false,
    };
    let search: string | null = null;
    if (kind === 'text') search = text();
    if (kind === 'brand') body.brands.push(brand());
    if (kind === 'note') body.include_notes.push(note());
    if (kind === 'chemical') {
      if (chance(0.5)) body.include_chemicals.push(chemical());
      else body.exclude_chemicals.push(chemical());
    }
    if (kind === 'mix') {
      if (chance(0.5)) search = text().split(' ')[0]!;
      if (chance(0.5)) body.include_notes.push(note());
      if (chance(0.5)) body.exclude_chemicals.push(chemical());
      if (chance(0.3)) body.brands.push(brand());
      body.allergen_free = chance(0.2);
    }
    const skip = page();
    const path = `/api/perfumes/filter?limit=50&skip=${skip}${search ? `&search=${encodeURIComponent(search)}` : ''}`;
    const json = JSON.stringify(body);
    const key = `${path} ${json}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, body: json, kind });
  }
  return out;
}
