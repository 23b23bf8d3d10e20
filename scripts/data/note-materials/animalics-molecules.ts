import { ARCTANDER, C, type Entry, entry, TY } from './shared.ts';

/** Animalic materials and a few more naturals (lychee, tagetes, oregano, marjoram, costus). */
export const ANIMALICS: readonly Entry[] = [
  // Animalics.
  entry(['civet'], `${ARCTANDER}, civet: civetone and skatole; modern civet notes are synthetic`, [
    ['68916-26-7', 'Civet absolute'],
  ]),
  entry(['castoreum'], `${ARCTANDER}, castoreum: phenols and castoramine; now mostly reconstituted`, [
    ['8023-83-4', 'Castoreum absolute'],
  ]),
  entry(
    ['lychee', 'litchi'],
    'Ong PKC, Acree TE, Gas chromatography/olfactory analysis of lychee (Litchi chinesis Sonn.), J Agric Food Chem 1998, 46, 2282-2286: cis-rose oxide is a key odorant of lychee; the note is built on rose oxide',
    [['16409-43-1', 'Rose oxide']],
  ),
  entry(
    ['tagetes', 'marigold'],
    `${TY}, tagetes oil (Tagetes minuta): (Z)-beta-ocimene, dihydrotagetone, tagetones, ocimenones`,
    [['8016-84-0', 'Tagetes oil']],
    ['Tagetes minuta oil'],
  ),
  entry(
    ['oregano', 'origanum'],
    `${TY}, oregano oil (Origanum vulgare / Thymbra capitata): carvacrol, p-cymene, gamma-terpinene, thymol`,
    [C.carvacrol, C.pCymene, C.gTerpinene, C.thymol],
    ['Origanum oil'],
  ),
  entry(
    ['marjoram', 'sweet marjoram'],
    `${TY}, sweet marjoram oil (Origanum majorana): terpinen-4-ol, gamma-terpinene, sabinene, linalool`,
    [C.terpinenol, C.gTerpinene, C.sabinene, C.linalool],
    ['Marjoram oil, sweet'],
  ),
  entry(
    ['costus', 'costus root'],
    `${ARCTANDER}, costus root oil (Saussurea costus): sesquiterpene lactones (costunolide, dehydrocostus lactone); the oil is banned as a fragrance ingredient (EU Annex II)`,
    [['8023-88-9', 'Costus root oil']],
  ),
];

/** Notes naming one aroma molecule (or one family of them): the note is the molecule, not a natural. */
export const MOLECULES: readonly Entry[] = [
  entry(
    ['camphor'],
    "The camphor note is the molecule camphor (the oil's safrole-rich brown fraction is another material)",
    [C.camphor],
  ),
  // Named molecules.
  entry(['iso e super'], 'The note names the molecule Iso E Super (OTNE)', [['54464-57-2', 'Iso E Super']]),
  entry(['ambroxan'], 'The note names the molecule Ambroxan (ambroxide)', [['6790-58-5', 'Ambroxan']]),
  entry(['cashmeran'], 'Cashmeran (DPMI) is the molecule behind "cashmere wood" notes', [
    ['33704-61-9', 'Cashmeran'],
  ]),
  entry(['hedione'], 'The note names the molecule Hedione (methyl dihydrojasmonate)', [C.hedione]),
  entry(['calone'], 'The note names the molecule Calone (watermelon ketone)', [['28940-11-6', 'Calone']]),
  entry(['galaxolide'], 'The note names the molecule Galaxolide (HHCB)', [['1222-05-5', 'Galaxolide']]),
  entry(['helional'], 'The note names the molecule Helional', [['1205-17-0', 'Helional']]),
  entry(['coumarin'], 'The note names the molecule coumarin', [C.coumarin]),
  entry(['vanillin'], 'The note names the molecule vanillin', [C.vanillin]),
  entry(['ethyl vanillin'], 'The note names the molecule ethyl vanillin', [C.ethylVanillin]),
  entry(['heliotropin'], 'The note names the molecule heliotropin (piperonal)', [C.heliotropin]),
  entry(['linalool'], 'The note names the molecule linalool', [C.linalool]),
  entry(['indole'], 'The note names the molecule indole', [C.indole]),
  entry(['safranal'], 'The note names the molecule safranal', [C.safranal]),
  entry(['ionones'], 'The note names the ionones', [C.aIonone, C.bIonone]),
  entry(
    ['aldehydes'],
    'The perfumery note "aldehydes" denotes the aliphatic aldehydes C-10 to C-12 (decanal, undecanal, dodecanal)',
    [C.decanal, C.undecanal, C.dodecanal],
  ),
];
