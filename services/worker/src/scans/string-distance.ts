import { editDistanceWithin } from '@scentinel/platform/text';

/** Edit distance with swaps of neighbours; at most `max` is computed exactly, more reads `max + 1`. */
export const editDistance = editDistanceWithin;

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  return 1 - editDistance(a, b) / longest;
}
