/**
 * Odour glossaries: the IFRA Fragrance Ingredient Glossary 2019 (CAS, principal name, three odour
 * descriptors) and The Good Scents Company data via pyrfume (CAS → PubChem CID → name and SMILES;
 * CAS → descriptors).
 */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface GlossaryEntry {
  ids: IdentifierCell;
  raw: string;
  name: string;
  descriptors: string[];
}

export function parseIfraGlossary(text: string): GlossaryEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const name = cleanText(r['Principal name']);
    if (!name) return [];
    const raw = r['CAS number'] ?? '';
    const descriptors = [r['Primary descriptor'], r['Descriptor 2'], r['Descriptor 3']]
      .map((d) => cleanText(d)?.toLowerCase() ?? null)
      .filter((d): d is string => d !== null);
    return [{ ids: readIdentifiers(raw), raw, name, descriptors: [...new Set(descriptors)] }];
  });
}

export interface GoodScentsEntry {
  ids: IdentifierCell;
  raw: string;
  name: string | null;
  smiles: string | null;
  descriptors: string[];
}

/** Joins stimuli.csv (CAS → CID), molecules.csv (CID → name, SMILES) and behavior.csv (CAS → descriptors). */
export function parseGoodScents(
  stimuliText: string,
  moleculesText: string,
  behaviorText: string,
): GoodScentsEntry[] {
  const molecules = new Map<string, { name: string | null; smiles: string | null }>();
  for (const r of parseCsvRecords(moleculesText)) {
    const cid = cleanText(r.CID);
    if (cid) molecules.set(cid, { name: cleanText(r.name), smiles: cleanText(r.IsomericSMILES) });
  }
  const descriptors = new Map<string, string[]>();
  for (const r of parseCsvRecords(behaviorText)) {
    const stimulus = cleanText(r.Stimulus);
    if (!stimulus) continue;
    descriptors.set(
      stimulus,
      (r.Descriptors ?? '')
        .split(';')
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== ''),
    );
  }
  return parseCsvRecords(stimuliText).flatMap((r) => {
    const stimulus = cleanText(r.Stimulus);
    if (!stimulus) return [];
    const molecule = molecules.get(cleanText(r.CID) ?? '');
    return [
      {
        ids: readIdentifiers(stimulus),
        raw: stimulus,
        name: molecule?.name ?? null,
        smiles: molecule?.smiles ?? null,
        descriptors: [...new Set(descriptors.get(stimulus) ?? [])],
      },
    ];
  });
}
