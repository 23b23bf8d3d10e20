/**
 * Which note strings name a family of smells rather than one material. Such notes can never be
 * resolved to constituents, so they do not count toward a perfume's note coverage.
 */

/**
 * Vague notes name a family, not a material, so they can never give a chemical:
 * "Woodsy Notes", "Floral Notes", "Fruity notes", "Spices", "Flowers", "Citruses", "Woods", ...
 */
const VAGUE_NOTE =
  /^(?:(?:[a-z]+\s+)*(?:notes?|accords?)|spices?|spicy|flowers?|florals?|white flowers|fruits?|fruity|citrus(?:es)?|woods?|woody|woodsy|greens?|herbs?|herbal|resins?|balsams?|musks?|ambers?|powder|powdery|aquatic|marine|ozonic|gourmand|sweet|fresh|oriental|animalic|earthy|leathery)$/;

/** True for a note that names a family rather than a material (see VAGUE_NOTE). */
export function isVagueNote(note: string): boolean {
  return VAGUE_NOTE.test(note.trim().toLowerCase().replace(/\s+/g, ' '));
}
