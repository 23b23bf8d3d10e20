/** circ.csv: the IARC Monographs classification list (CAS, agent, group 1/2A/2B/3). */
import { parseCsvRecords } from '../io.ts';
import { cleanText } from './common.ts';
import { type IdentifierCell, readIdentifiers } from './identifiers.ts';

export interface IarcEntry {
  agent: string;
  group: string;
  ids: IdentifierCell;
  raw: string;
  volume: string | null;
  /** Year the monograph volume was published. */
  volumeYear: string | null;
  evaluationYear: string | null;
}

export function parseIarc(text: string): IarcEntry[] {
  return parseCsvRecords(text).flatMap((r) => {
    const agent = cleanText(r.Agent);
    const group = cleanText(r.Group);
    if (!agent || !group) return [];
    const raw = r['CAS No.'] ?? '';
    return [
      {
        agent,
        group,
        ids: readIdentifiers(raw),
        raw,
        volume: cleanText(r.Volume),
        volumeYear: cleanText(r['Volume publication year']),
        evaluationYear: cleanText(r['Evaluation year']),
      },
    ];
  });
}

/** IARC groups from most to least hazardous. */
export const IARC_ORDER = ['1', '2A', '2B', '3'];
