/**
 * EU label allergens by their label (INCI) name: `LIMONENE` is one allergen whatever the isomer's
 * CAS number. The data build groups its allergen estimates by this key, the chemical read model
 * matches filter references by it, and perfume cards print the label name.
 */
import { foldText } from './normalize.ts';

export interface LabelledChemical {
  readonly name: string;
  readonly inci_name: string | null;
  readonly allergen_flag: boolean;
}

/** The comparison key of an EU label allergen's label name; null for other chemicals. */
export function allergenLabelKey(c: LabelledChemical | null | undefined): string | null {
  if (!c?.allergen_flag) return null;
  const key = (foldText(c.inci_name ?? c.name).match(/[a-z0-9]+/g) ?? []).join('');
  return key === '' ? null : key;
}

/**
 * The names a labelling entry prescribes for the ingredient list, read from its conditions: the
 * grouped entries of Regulation (EU) 2023/1545 say "shall be indicated as ‘Rose Ketones’" (once
 * without "as": "shall be indicated ‘Lavandula Oil/ Extract’", read `Lavandula Oil/Extract`). A
 * label printing that name declares one or more of the entry's substances, whichever it holds.
 */
export function prescribedLabelNames(conditions: string | null | undefined): string[] {
  if (!conditions) return [];
  const out: string[] = [];
  for (const m of conditions.matchAll(/\bindicated\s+(?:as\s+)?[‘'"]([^’'"]{2,80})[’'"]/gi)) {
    const name = m[1]!
      .replace(/\s+/g, ' ')
      .replace(/ ?\/ ?/g, '/')
      .trim();
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * The label names an EU label allergen's entry prescribes (`Rose Ketones` for each damascone of
 * the rose ketones entry); none for other chemicals.
 */
export function allergenLabelNames(c: {
  readonly allergen_flag: boolean;
  readonly restrictions?: string | null;
}): string[] {
  return c.allergen_flag ? prescribedLabelNames(c.restrictions) : [];
}

/**
 * The names an INCI cell lists: one, or several split at `;` or at `, ` before a capital
 * (`NARCISSUS JONQUILLA EXTRACT, NARCISSUS TAZETTA EXTRACT`), spaces tidied.
 */
export function inciCellNames(cell: string | null | undefined): string[] {
  return (cell ?? '')
    .split(/;\s*|,\s+(?=\p{Lu})/u)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

/** An all-capitals label name in title case (`ALPHA-ISOMETHYL IONONE` → `Alpha-Isomethyl Ionone`). */
export function labelCase(text: string): string {
  return /[a-z]/.test(text)
    ? text
    : text.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());
}
