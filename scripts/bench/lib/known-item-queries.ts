/**
 * Known-item queries for the relevance bench, generated from the catalogue itself: for a seeded
 * sample of well-known perfumes (listed by several source catalogues), the text a person would
 * type to find each one: its name alone (when no other perfume has that name), brand + name,
 * name + brand, a typo in one word, the name without its accents, another spelling of a number
 * sign ("No 5" for "N°5"), and a name cut short while typing. The judged answer is the perfume
 * itself, or a record of the same brand and name (the catalogue keeps a few such duplicates).
 */

export const QUERY_KINDS = [
  'name',
  'brand+name',
  'name+brand',
  'typo',
  'no accents',
  'number sign',
  'partial',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface KnownItemQuery {
  kind: QueryKind;
  text: string;
  /** The perfume meant. */
  target: string;
  /** Brand and name key of the target: a result with the same key is the same perfume. */
  key: string;
}

export interface CataloguePerfumeLike {
  id: string;
  name: string;
  brand: string;
  sources: readonly string[];
}

/** Lower case, accents dropped, runs of other characters as one space. */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function itemKey(p: { name: string; brand: string }): string {
  return `${plain(p.brand)}|${plain(p.name).replace(/\bn o\b|\bno\b|\bn\b/g, 'no')}`;
}

/** A small seeded generator (mulberry32) so the judged set is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit (swap of neighbours, deletion, insertion or substitution) inside `word`, never its first letter. */
export function typo(word: string, rand: () => number): string {
  const at = 1 + Math.floor(rand() * (word.length - 2));
  const letter = LETTERS[Math.floor(rand() * LETTERS.length)]!;
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter + word.slice(at);
    default:
      return word.slice(0, at) + (letter === word[at] ? 'x' : letter) + word.slice(at + 1);
  }
}

/** Up to `perKind` queries of every kind (fewer where the sample has no suitable perfume). */
export function knownItemQueries(
  perfumes: readonly CataloguePerfumeLike[],
  perKind: number,
  seed = 540,
): KnownItemQuery[] {
  const rand = seeded(seed);
  const nameCount = new Map<string, number>();
  const brandNameCount = new Map<string, number>();
  for (const p of perfumes) {
    const n = plain(p.name);
    nameCount.set(n, (nameCount.get(n) ?? 0) + 1);
  }
  const wellKnown = perfumes.filter((p) => p.sources.length >= 3 && plain(p.name).length >= 3);
  for (const p of wellKnown) brandNameCount.set(itemKey(p), (brandNameCount.get(itemKey(p)) ?? 0) + 1);
  // A seeded shuffle of the well-known perfumes.
  const pool = [...wellKnown];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const out: KnownItemQuery[] = [];
  const counts = new Map<QueryKind, number>();
  const add = (kind: QueryKind, p: CataloguePerfumeLike, text: string) => {
    if ((counts.get(kind) ?? 0) >= perKind) return;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    out.push({ kind, text, target: p.id, key: itemKey(p) });
  };
  for (const p of pool) {
    const words = p.name.split(/\s+/).filter(Boolean);
    if (nameCount.get(plain(p.name)) === 1) add('name', p, p.name);
    add('brand+name', p, `${p.brand} ${p.name}`);
    add('name+brand', p, `${p.name} ${p.brand}`);
    const long = words.findIndex((w) => /^\p{L}{6,}$/u.test(w));
    if (long >= 0) {
      const edited = [...words];
      edited[long] = typo(words[long]!.toLowerCase(), rand);
      add('typo', p, `${p.brand} ${edited.join(' ')}`);
    }
    if (/\p{M}/u.test(p.name.normalize('NFD'))) {
      add('no accents', p, plain(`${p.brand} ${p.name}`));
    }
    const sign = /\b(N°|Nº|No\.?|N)\s?(\d+)/.exec(p.name);
    if (sign) {
      const other = sign[1] === 'No' || sign[1] === 'No.' ? 'N°' : 'no ';
      add('number sign', p, `${p.brand} ${p.name.replace(sign[0], `${other}${sign[2]}`)}`);
    }
    if (words.length === 1 && words[0]!.length >= 7) {
      add('partial', p, `${p.brand} ${words[0]!.slice(0, Math.ceil(words[0]!.length * 0.6))}`);
    }
  }
  return out;
}

/** Top-1 accuracy and mean reciprocal rank (0 when the target is not in the ranked list). */
export function score(
  queries: readonly KnownItemQuery[],
  ranked: readonly (readonly { id: string; key: string }[])[],
): { top1: number; mrr: number } {
  let top1 = 0;
  let rr = 0;
  queries.forEach((q, i) => {
    const at = (ranked[i] ?? []).findIndex((r) => r.id === q.target || r.key === q.key);
    if (at === 0) top1++;
    if (at >= 0) rr += 1 / (at + 1);
  });
  const n = Math.max(1, queries.length);
  return { top1: top1 / n, mrr: rr / n };
}
