import { expandedProfileItems } from '../../lib/allergen-profile-ids.ts';
import type { AllergenProfileItem } from '../../types/api.ts';
import type { LinkKind, Perfume } from './api/perfume-normalize.ts';

export type AllergenMatch = { name: string; kind: LinkKind };

/**
 * The user's allergens this perfume contains, matched by chemical id or (case-insensitive) name.
 * A chemical linked both ways counts as declared.
 */
export function matchAllergens(perfume: Perfume, chosen: AllergenProfileItem[]): AllergenMatch[] {
  // Patch-test entries (fragrance mixes, naturals) stand for their constituents.
  const profile = expandedProfileItems(chosen);
  if (profile.length === 0) return [];
  // A list card reports which of the visitor's chemicals it links (its chips are only the first few).
  if (perfume.flagged !== null) {
    const asked = new Set(profile.map((item) => String(item.id)));
    return perfume.flagged
      .filter((f) => asked.has(String(f.id)))
      .map((f) => ({ name: f.name, kind: f.kind }));
  }
  const ids = new Set(profile.map((item) => String(item.id)));
  const names = new Set(profile.map((item) => item.name.toLowerCase()));
  const found = new Map<string, AllergenMatch>();
  for (const chemical of perfume.chemicals) {
    const hit =
      (chemical.id !== null && ids.has(String(chemical.id))) || names.has(chemical.name.toLowerCase());
    if (!hit) continue;
    const key = chemical.name.toLowerCase();
    const previous = found.get(key);
    if (!previous || (previous.kind === 'inferred' && chemical.kind === 'declared')) {
      found.set(key, { name: chemical.name, kind: chemical.kind });
    }
  }
  return [...found.values()];
}
