import {
  expandProfile,
  PATCH_TEST_PREFIX,
  patchTestEntry,
} from '../../../services/domain/src/allergens/patch-test.ts';
import type { AllergenProfileItem, Id } from '../types/api.ts';
import { parseProfile } from './allergen-profile.ts';
import { readJson, STORAGE_KEYS } from './storage.ts';

export { PATCH_TEST_PREFIX };

/** The chemical ids a profile stands for: patch-test entries expanded to their constituents. */
export function profileChemicalIds(items: readonly AllergenProfileItem[]): string[] {
  return expandProfile(items.map((item) => String(item.id)));
}

/** The stored profile, as chemical ids (read when needed, so every card sees the latest list). */
export function storedProfileChemicalIds(): string[] {
  return profileChemicalIds(readJson(STORAGE_KEYS.allergenProfile, parseProfile) ?? []);
}

/**
 * The profile as chemicals (for marking perfumes that contain them): patch-test entries replaced
 * by their constituents, named as the clinic's table names them.
 */
export function expandedProfileItems(items: readonly AllergenProfileItem[]): AllergenProfileItem[] {
  const out = new Map<string, AllergenProfileItem>();
  for (const item of items) {
    const id = String(item.id);
    const entry = id.startsWith(PATCH_TEST_PREFIX)
      ? patchTestEntry(id.slice(PATCH_TEST_PREFIX.length))
      : undefined;
    if (entry)
      for (const k of entry.constituents) out.set(k.chemical_id, { id: k.chemical_id, name: k.name });
    else if (!id.startsWith(PATCH_TEST_PREFIX)) out.set(id, item);
  }
  return [...out.values()];
}

/** The constituents a patch-test profile item stands for (empty for a plain chemical). */
export function constituentNames(item: AllergenProfileItem): string[] {
  const id = String(item.id);
  if (!id.startsWith(PATCH_TEST_PREFIX)) return [];
  const entry = patchTestEntry(id.slice(PATCH_TEST_PREFIX.length));
  return entry && entry.constituents.length > 1 ? entry.constituents.map((k) => k.name) : [];
}

/** Profile ids with patch-test entries replaced by their constituents' chemical ids (others kept as given). */
export function expandProfileIds(ids: readonly Id[]): Id[] {
  const out: Id[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const expanded: Id[] = String(id).startsWith(PATCH_TEST_PREFIX) ? expandProfile([String(id)]) : [id];
    for (const x of expanded) {
      if (seen.has(String(x))) continue;
      seen.add(String(x));
      out.push(x);
    }
  }
  return out;
}
