/**
 * Text damage in the sources: decoding a file that mixes UTF-8 and Windows-1252, and finding
 * mojibake (text decoded with the wrong encoding: `CrÃ¨me`, `â€™`, `Â´`, U+FFFD) in the catalogue.
 */

/** Windows-1252 characters of the bytes 0x80–0x9F (undefined bytes are absent). */
const CP1252: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

/**
 * Punctuation whose UTF-8 bytes (E2 80 xx) were once read as Windows-1252 (`â€œ`) and then had
 * `â€` rewritten to `”`: the file holds the byte 0x94 followed by the last byte of the original.
 */
const COLLAPSED_PUNCTUATION: Record<number, string> = {
  147: '–',
  148: '—',
  152: '‘',
  153: '’',
  156: '“',
  157: '”',
  166: '…',
};

/** Length of the well-formed UTF-8 sequence starting at `i` (0 when there is none). */
function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf
      ? 2
      : lead >= 0xe0 && lead <= 0xef
        ? 3
        : lead >= 0xf0 && lead <= 0xf4
          ? 4
          : 0;
  if (length === 0 || i + length > bytes.length) return 0;
  for (let k = 1; k < length; k += 1) {
    const b = bytes[i + k]!;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  if (lead === 0xe0 && bytes[i + 1]! < 0xa0) return 0;
  if (lead === 0xf0 && bytes[i + 1]! < 0x90) return 0;
  if (lead === 0xf4 && bytes[i + 1]! > 0x8f) return 0;
  return length;
}

/**
 * Decodes text whose rows were written in different encodings (final_perfume_data.csv): well-formed
 * UTF-8 sequences are UTF-8 (`CrÃ¨me` stays `Crème`), other bytes are Windows-1252 (`0x93` = `“`),
 * the collapsed punctuation above is restored, and bytes that Windows-1252 leaves undefined
 * (0x81, 0x8D, 0x8F, 0x90, 0x9D), which carry no recoverable character, become a space.
 */
export function decodeMixedUtf8Cp1252(bytes: Uint8Array): string {
  let out = '';
  let ascii = 0;
  const flush = (end: number) => {
    if (end > ascii) out += Buffer.from(bytes.subarray(ascii, end)).toString('latin1');
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    flush(i);
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      out += Buffer.from(bytes.subarray(i, i + length)).toString('utf8');
      i += length;
    } else if (b === 0x94 && COLLAPSED_PUNCTUATION[bytes[i + 1] ?? 0] !== undefined) {
      out += COLLAPSED_PUNCTUATION[bytes[i + 1]!];
      i += 2;
    } else {
      out += b >= 0xa0 ? String.fromCharCode(b) : (CP1252[b] ?? ' ');
      i += 1;
    }
    ascii = i;
  }
  flush(bytes.length);
  return out;
}

/**
 * Mojibake: UTF-8 read as Latin-1/Windows-1252 (`Ã©`, `Ã¨`, `Ã `, `â€™`, `â€œ`, `Â´`, `Â `),
 * C1 control characters (Windows-1252 bytes read as Latin-1) and the replacement character U+FFFD.
 */
const MOJIBAKE = /[ÃÂ][\u0080-\u00bf]|â€|[\u0080-\u009f]|\ufffd/u;

/** True when the text shows a mojibake pattern. */
export function hasMojibake(text: string): boolean {
  return MOJIBAKE.test(text);
}

export interface MojibakeField {
  id: string;
  field: 'name' | 'brand' | 'perfumer' | 'description' | 'notes';
  value: string;
}

interface NoteListsLike {
  top?: readonly string[];
  middle?: readonly string[];
  base?: readonly string[];
  unspecified?: readonly string[];
}

/** Every name, brand, perfumer, description and note that shows mojibake, in input order. */
export function mojibakeFields(
  perfumes: ReadonlyArray<{
    id: string;
    name: string;
    brand: string;
    perfumer?: string | null;
    description?: string | null;
    notes?: NoteListsLike;
  }>,
): MojibakeField[] {
  const found: MojibakeField[] = [];
  for (const p of perfumes) {
    for (const field of ['name', 'brand', 'perfumer', 'description'] as const) {
      const value = p[field];
      if (typeof value === 'string' && hasMojibake(value)) found.push({ id: p.id, field, value });
    }
    const notes = p.notes ?? {};
    for (const note of [
      ...(notes.top ?? []),
      ...(notes.middle ?? []),
      ...(notes.base ?? []),
      ...(notes.unspecified ?? []),
    ]) {
      if (hasMojibake(note)) found.push({ id: p.id, field: 'notes', value: note });
    }
  }
  return found;
}
