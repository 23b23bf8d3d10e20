/**
 * Which note strings name a family of smells rather than one material or accord. Such notes can
 * never be resolved to constituents, so they do not count toward a perfume's note coverage.
 *
 * A note is vague when it is a family word ("Spices", "Flowers", "Fruits", "Woods", "Citruses",
 * "Woody", "Fresh") or family words in front of a family noun ("Woody Notes", "Floral Fruity
 * Notes", "White Flowers", "Precious Woods", "Green Accord"). A note that names a material or an
 * accord with a typical make-up is specific, even when it says "notes" or "accord": "Musk",
 * "Amber", "Sea Notes", "Powdery Notes", "Leather Accord", "Aldehydes".
 */

/** Words that describe a family of smells (or a quality), never a material. */
const FAMILY_WORDS = new Set([
  'woody',
  'woodsy',
  'floral',
  'florals',
  'flowery',
  'fruity',
  'green',
  'spicy',
  'herbal',
  'herbaceous',
  'citrus',
  'citrusy',
  'citric',
  'sweet',
  'oriental',
  'earthy',
  'animal',
  'animalic',
  'balsamic',
  'aromatic',
  'fresh',
  'gourmand',
  'mineral',
  'metallic',
  'solar',
  'resinous',
  'creamy',
  'warm',
  'soft',
  'dry',
  'dark',
  'light',
  'white',
  'exotic',
  'precious',
  'tropical',
  'rare',
  'noble',
  'mixed',
  'blond',
  'blonde',
  'oily',
  'sensual',
  'clean',
  'juicy',
  'sparkling',
  'crisp',
  'cool',
  'spring',
  'summer',
  'winter',
  'autumn',
  'delicate',
  'fine',
]);

/** Family nouns that name one material when they stand alone ("Balsam" is fir balsam only in a pyramid of its own). */
const FAMILY_ALONE = new Set([
  'spice',
  'spices',
  'flower',
  'flowers',
  'florals',
  'blossoms',
  'fruit',
  'fruits',
  'wood',
  'woods',
  'greens',
  'herb',
  'herbs',
  'resin',
  'resins',
  'balsam',
  'balsams',
  'citruses',
  'citrus',
  'wildflowers',
]);

/** Nouns that, alone or after family words, name a family ("Spices", "Woody Notes"). */
const FAMILY_NOUNS = new Set(['note', 'notes', 'accord', 'accords', ...FAMILY_ALONE]);

/** True for a note that names a family rather than a material or accord (see FAMILY_WORDS). */
export function isVagueNote(note: string): boolean {
  const words = note
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  if (words.length === 0) return false;
  const last = words[words.length - 1]!;
  const lead = words.slice(0, -1);
  if (lead.length === 0) return FAMILY_ALONE.has(last) || FAMILY_WORDS.has(last);
  if (!FAMILY_NOUNS.has(last) && !FAMILY_WORDS.has(last)) return false;
  return lead.every((w) => FAMILY_WORDS.has(w) || FAMILY_NOUNS.has(w) || w === 'and');
}
