/**
 * Parser for the Python literals some scraped CSVs hold in cells: `['Tea', "Devil's Claw"]` and
 * `{'woody': 79.78, 'amber': 48.58}` (strings, numbers, lists, dicts; nothing else).
 */

export type PyValue = string | number | null | boolean | PyValue[] | { [key: string]: PyValue };

export function parsePyLiteral(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`Python literal: ${what} at ${i} in ${JSON.stringify(text.slice(0, 80))}`);
  };
  const skip = () => {
    while (i < text.length && /\s/.test(text[i]!)) i += 1;
  };
  const value = (): PyValue => {
    skip();
    const c = text[i];
    if (c === '[' || c === '(') return list(c === '[' ? ']' : ')');
    if (c === '{') return dict();
    if (c === "'" || c === '"') return str();
    const m = /^-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/i.exec(text.slice(i));
    if (m) {
      i += m[0].length;
      return Number(m[0]);
    }
    for (const [word, v] of [
      ['None', null],
      ['True', true],
      ['False', false],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return fail('unexpected character');
  };
  const str = (): string => {
    const quote = text[i]!;
    i += 1;
    let out = '';
    while (i < text.length && text[i] !== quote) {
      if (text[i] === '\\' && i + 1 < text.length) {
        const next = text[i + 1]!;
        out += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        i += 2;
      } else {
        out += text[i];
        i += 1;
      }
    }
    if (text[i] !== quote) fail('unterminated string');
    i += 1;
    return out;
  };
  const list = (close: string): PyValue[] => {
    i += 1;
    const out: PyValue[] = [];
    skip();
    while (text[i] !== close) {
      out.push(value());
      skip();
      if (text[i] === ',') {
        i += 1;
        skip();
      } else if (text[i] !== close) fail('expected , or end of list');
    }
    i += 1;
    return out;
  };
  const dict = (): { [key: string]: PyValue } => {
    i += 1;
    const out: { [key: string]: PyValue } = {};
    skip();
    while (text[i] !== '}') {
      const key = value();
      skip();
      if (text[i] !== ':') fail('expected :');
      i += 1;
      out[String(key)] = value();
      skip();
      if (text[i] === ',') {
        i += 1;
        skip();
      } else if (text[i] !== '}') fail('expected , or end of dict');
    }
    i += 1;
    return out;
  };
  const result = value();
  skip();
  if (i !== text.length) fail('trailing text');
  return result;
}

/** A list of strings from a Python list literal; empty for an empty cell. */
export function pyStringList(cell: string | undefined): string[] {
  if (!cell || cell.trim() === '') return [];
  const parsed = parsePyLiteral(cell.trim());
  if (!Array.isArray(parsed)) throw new Error(`expected a list: ${cell.slice(0, 80)}`);
  return parsed.filter((v): v is string => typeof v === 'string');
}

/** Keys of a Python dict literal of scores, strongest first (ties keep source order). */
export function pyScoreKeys(cell: string | undefined): string[] {
  if (!cell || cell.trim() === '') return [];
  const parsed = parsePyLiteral(cell.trim());
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`expected a dict: ${cell.slice(0, 80)}`);
  }
  return Object.entries(parsed)
    .map(([k, v], index) => ({ k, v: typeof v === 'number' ? v : 0, index }))
    .sort((a, b) => b.v - a.v || a.index - b.index)
    .map((e) => e.k);
}
