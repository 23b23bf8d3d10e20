/**
 * The reviewed note table: for the notes perfumes use most, what each one is made of.
 *
 * - A note naming a natural material links to the material itself (its IFRA / CosIng entry, when
 *   the chemical database has one) and to its principal constituents, from the standard that
 *   defines the oil (ISO), a peer-reviewed GC-MS study or a standard reference; the `materials`
 *   rows name the DB_Naturals / DB_User_Materials materials whose typical % belong to exactly this
 *   material (no other species, part or fraction).
 * - A note that is not one natural material (musk, amber, leather, aquatic, fruit and gourmand
 *   accords, …) links to the aroma chemicals that render it. Each such link names the molecule's
 *   odour descriptors in the IFRA Fragrance Ingredient Glossary (2019); a unit test checks them
 *   against shared/data/odour.
 * - A note naming one aroma molecule links to that molecule.
 *
 * `notes` are folded note forms (see note-canonical.ts): lower case, no accents, one space
 * between words. The first is the canonical name.
 */

export interface NoteMaterial {
  notes: readonly string[];
  links: ReadonlyArray<{ cas: string; chemical: string; basis: string }>;
  /** Material names in naturals/DB_Naturals.csv and naturals/DB_User_Materials.csv (exact). */
  materials?: readonly string[];
}

type Chem = readonly [cas: string, chemical: string];

const C = {
  limonene: ['5989-27-5', 'd-Limonene'],
  linalool: ['78-70-6', 'Linalool'],
  linalylAcetate: ['115-95-7', 'Linalyl acetate'],
  citral: ['5392-40-5', 'Citral'],
  geraniol: ['106-24-1', 'Geraniol'],
  citronellol: ['106-22-9', 'Citronellol'],
  nerol: ['106-25-2', 'Nerol'],
  pea: ['60-12-8', 'Phenethyl alcohol'],
  eugenol: ['97-53-0', 'Eugenol'],
  isoeugenol: ['97-54-1', 'Isoeugenol'],
  benzylAcetate: ['140-11-4', 'Benzyl acetate'],
  benzylBenzoate: ['120-51-4', 'Benzyl benzoate'],
  benzylSalicylate: ['118-58-1', 'Benzyl salicylate'],
  benzylAlcohol: ['100-51-6', 'Benzyl alcohol'],
  benzylCinnamate: ['103-41-3', 'Benzyl cinnamate'],
  aPinene: ['80-56-8', 'alpha-Pinene'],
  bPinene: ['127-91-3', 'beta-Pinene'],
  sabinene: ['3387-41-5', 'Sabinene'],
  carene: ['13466-78-9', 'delta-3-Carene'],
  caryophyllene: ['87-44-5', 'beta-Caryophyllene'],
  myrcene: ['123-35-3', 'Myrcene'],
  gTerpinene: ['99-85-4', 'gamma-Terpinene'],
  aPhellandrene: ['99-83-2', 'alpha-Phellandrene'],
  pCymene: ['99-87-6', 'p-Cymene'],
  cineole: ['470-82-6', '1,8-Cineole'],
  camphor: ['76-22-2', 'Camphor'],
  aThujone: ['546-80-5', 'alpha-Thujone'],
  bThujone: ['471-15-8', 'beta-Thujone'],
  menthol: ['89-78-1', 'Menthol'],
  menthone: ['89-80-5', 'Menthone'],
  lCarvone: ['6485-40-1', 'l-Carvone'],
  dCarvone: ['2244-16-8', 'd-Carvone'],
  anethole: ['4180-23-8', 'trans-Anethole'],
  estragole: ['140-67-0', 'Estragole'],
  cinnamal: ['104-55-2', 'Cinnamal'],
  coumarin: ['91-64-5', 'Coumarin'],
  vanillin: ['121-33-5', 'Vanillin'],
  ethylVanillin: ['121-32-4', 'Ethyl vanillin'],
  heliotropin: ['120-57-0', 'Heliotropin (piperonal)'],
  aIonone: ['127-41-3', 'alpha-Ionone'],
  bIonone: ['14901-07-6', 'beta-Ionone'],
  methylIonone: ['127-51-5', 'alpha-Isomethyl ionone'],
  aIrone: ['79-69-6', 'alpha-Irone'],
  hydroxycitronellal: ['107-75-5', 'Hydroxycitronellal'],
  cyclamenAldehyde: ['103-95-7', 'Cyclamen aldehyde'],
  nootkatone: ['4674-50-4', 'Nootkatone'],
  patchoulol: ['5986-55-0', 'Patchoulol'],
  santalol: ['11031-45-1', 'Santalol'],
  cedrol: ['77-53-2', 'Cedrol'],
  aCedrene: ['469-61-4', 'alpha-Cedrene'],
  mnma: ['85-91-6', 'Methyl N-methylanthranilate'],
  methylAnthranilate: ['134-20-3', 'Methyl anthranilate'],
  nerolidol: ['7212-44-4', 'Nerolidol'],
  farnesol: ['4602-84-0', 'Farnesol'],
  benzaldehyde: ['100-52-7', 'Benzaldehyde'],
  cuminaldehyde: ['122-03-2', 'Cuminaldehyde'],
  citronellal: ['106-23-0', 'Citronellal'],
  hexenol: ['928-96-1', 'cis-3-Hexenol'],
  indole: ['120-72-9', 'Indole'],
  methylBenzoate: ['93-58-3', 'Methyl benzoate'],
  methylSalicylate: ['119-36-8', 'Methyl salicylate'],
  safranal: ['116-26-7', 'Safranal'],
  thymol: ['89-83-8', 'Thymol'],
  carvacrol: ['499-75-2', 'Carvacrol'],
  terpineol: ['98-55-5', 'alpha-Terpineol'],
  terpinenol: ['562-74-3', 'Terpinen-4-ol'],
  methylEugenol: ['93-15-2', 'Methyl eugenol'],
  hedione: ['24851-98-7', 'Methyl dihydrojasmonate (Hedione)'],
  phenylacetaldehyde: ['122-78-1', 'Phenylacetaldehyde'],
  decanal: ['112-31-2', 'Decanal'],
  undecanal: ['112-44-7', 'Undecanal'],
  dodecanal: ['112-54-9', 'Dodecanal'],
} as const satisfies Record<string, Chem>;

interface Entry {
  notes: readonly string[];
  basis: string;
  chems: readonly Chem[];
  materials?: readonly string[];
}

function entry(
  notes: readonly string[],
  basis: string,
  chems: readonly Chem[],
  materials?: readonly string[],
): Entry {
  return materials ? { notes, basis, chems, materials } : { notes, basis, chems };
}

/** A reference shared by several notes. */
const TY = 'Tisserand R, Young R. Essential Oil Safety, 2nd ed. (Churchill Livingstone, 2014)';
const ARCTANDER = 'Arctander S. Perfume and Flavor Materials of Natural Origin (1960)';
const GLOSSARY = 'IFRA Fragrance Ingredient Glossary (2019)';

/**
 * Accord notes: the molecules that render them, each with the glossary's descriptors for it
 * (checked by note-materials.unit.spec.ts).
 */
interface AccordMolecule {
  cas: string;
  chemical: string;
  /** The molecule's descriptors in the IFRA 2019 glossary, as written there. */
  descriptors: string;
}

interface Accord {
  notes: readonly string[];
  /** Why these molecules render the note. */
  why: string;
  molecules: readonly AccordMolecule[];
}

const mol = (cas: string, chemical: string, descriptors: string): AccordMolecule => ({
  cas,
  chemical,
  descriptors,
});

const M = {
  galaxolide: mol('1222-05-5', 'Galaxolide (HHCB)', 'Musk like, Floral, Woody'),
  ethyleneBrassylate: mol('105-95-3', 'Ethylene brassylate', 'Musk like, Soft, Floral'),
  habanolide: mol('111879-80-2', 'Habanolide', 'Musk like, Warm, Powdery'),
  muscone: mol('541-91-3', '3-Methylcyclopentadecanone (muscone)', 'Musk like, Powdery, Animal Like'),
  exaltolide: mol('106-02-5', 'Exaltolide (pentadecanolide)', 'Musk like, Powdery, Balsamic'),
  ambrettolide: mol('7779-50-2', 'Ambrettolide', 'Musk like, Powdery, Sweet'),
  helvetolide: mol('141773-73-1', 'Helvetolide', 'Musk like, Fruity, Pear'),
  tonalide: mol('21145-77-7', 'Tonalide (AHTN)', 'Musk like, Woody, Powdery'),
  ambroxan: mol('6790-58-5', 'Ambroxan', 'Amber, Woody, Herbal'),
  labdanum: mol('8016-26-0', 'Labdanum (cistus)', 'Amber, Woody, Dry'),
  benzoin: mol('9000-05-9', 'Benzoin, Sumatra', 'Balsamic, Sweet, Vanilla'),
  vanillin: mol('121-33-5', 'Vanillin', 'Gourmand, Vanilla, Powdery'),
  isoESuper: mol('54464-57-2', 'Iso E Super', 'Woody, Floral, Amber'),
  cashmeran: mol('33704-61-9', 'Cashmeran', 'Amber, Woody, Aromatic'),
  isobutylQuinoline: mol(
    '65442-31-1',
    'Isobutyl quinoline (6-sec-butylquinoline)',
    'Herbal, Leathery, Smoky',
  ),
  methylQuinoline: mol('91-62-3', '6-Methylquinoline', 'Animal like, Leathery, Tobacco'),
  birchTar: mol('8001-88-5', 'Birch tar oil, rectified', 'Woody, Warm, Smoky'),
  cade: mol('8013-10-3', 'Cade oil', 'Smoky, Phenolic, Leathery'),
  guaiacol: mol('90-05-1', 'Guaiacol', 'Spicy, Smoky, Animal Like'),
  calone: mol('28940-11-6', 'Calone', 'Marine, Watery, Fresh'),
  floralozone: mol('67634-15-5', 'Floralozone', 'Ozonic, Floral, Aldehydic'),
  helional: mol('1205-17-0', 'Helional', 'Floral, Green, Cyclamen'),
  heliotropin: mol('120-57-0', 'Heliotropin (piperonal)', 'Anisic, Floral, Powdery'),
  coumarin: mol('91-64-5', 'Coumarin', 'Powdery, Warm, Almond'),
  methylIonone: mol('127-51-5', 'alpha-Isomethyl ionone', 'Floral, Violet, Woody'),
  allylIonone: mol('79-78-7', 'Allyl alpha-ionone', 'Powdery, Floral, Violet'),
  raspberryKetone: mol('5471-51-2', 'Raspberry ketone', 'Fruity, Powdery, Raspberry'),
  butylButyrate: mol('109-21-7', 'Butyl butyrate', 'Fruity, Raspberry, Blueberry'),
  undecalactone: mol('104-67-6', 'gamma-Undecalactone', 'Fruity, Oily, Peach'),
  decalactone: mol('706-14-9', 'gamma-Decalactone', 'Fruity, Sweet, Peach'),
  nonalactone: mol('104-61-0', 'gamma-Nonalactone', 'Fruity, Creamy, Coconut'),
  deltaDecalactone: mol('705-86-2', 'delta-Decalactone', 'Gourmand, Creamy, Coconut'),
  ethylMethylbutyrate: mol('7452-79-1', 'Ethyl 2-methylbutyrate', 'Fruity, Strawberry, Peach'),
  hexylAcetate: mol('142-92-7', 'Hexyl acetate', 'Fruity, Green, Apple'),
  isoamylAcetate: mol('123-92-2', 'Isoamyl acetate', 'Fruity, Vanilla, Pear'),
  prenylAcetate: mol('1191-16-8', 'Prenyl acetate', 'Fruity, Pear, Green'),
  pearEster: mol('3025-30-7', 'Ethyl decadienoate (pear ester)', 'Fruity, Pear, Melon'),
  manzanate: mol('39255-32-8', 'Ethyl 2-methylpentanoate (Manzanate)', 'Fruity, Sweet, Apple'),
  verdox: mol('88-41-5', '2-tert-Butylcyclohexyl acetate', 'Fruity, Apple, Woody'),
  allylHexanoate: mol('123-68-2', 'Allyl hexanoate', 'Fruity, Sweet, Pineapple'),
  allylCyclohexylpropionate: mol('2705-87-5', 'Allyl cyclohexanepropionate', 'Fruity, Pineapple, Apple'),
  strawberryAldehyde: mol('77-83-8', 'Ethyl methylphenylglycidate', 'Fruity, Strawberry, Floral'),
  furaneol: mol('3658-77-3', 'Furaneol', 'Gourmand, Caramel, Strawberry'),
  maltol: mol('118-71-8', 'Maltol', 'Gourmand, Sweet, Caramel'),
  ethylMaltol: mol('4940-11-8', 'Ethyl maltol', 'Gourmand, Sweet, Caramel'),
  phenylaceticAcid: mol('103-82-2', 'Phenylacetic acid', 'Honey, Floral, Sweet'),
  methylPhenylacetate: mol('101-41-7', 'Methyl phenylacetate', 'Honey, Sweet, Floral'),
  benzylPhenylacetate: mol('102-16-9', 'Benzyl phenylacetate', 'Honey, Sweet, Floral'),
  melonal: mol('106-72-9', 'Melonal', 'Aldehydic, Green, Fruity'),
  nonenylAcetate: mol('76238-22-7', '(Z)-Non-6-enyl acetate', 'Fruity, Melon, Honeydew'),
  benzaldehyde: mol('100-52-7', 'Benzaldehyde', 'Fruity, Cherry, Almond'),
  cacao: mol('8002-31-1', 'Cacao absolute', 'Gourmand, Chocolate, Powdery'),
  coffee: mol('8001-67-0', 'Coffee bean, roasted, absolute', 'Food like, Coffee, Nutty'),
  coconut: mol('8001-31-8', 'Coconut absolute', 'Gourmand, Coconut, Oily'),
  filbertone: mol('81925-81-7', 'Filbertone', 'Food Like, Nutty, Roasted'),
  cassisOxime: mol('75147-23-8', 'Buccoxime', 'Fruity, Cassis, Green'),
  cassisThiol: mol(
    '23550-40-5',
    '4-Methyl-4-mercaptopentan-2-one (cassis thiol)',
    'Fruity, Blackcurrant, Green',
  ),
  damascone: mol('35044-68-9', 'beta-Damascone', 'Floral, Rose, Plum'),
  damascenone: mol('23696-85-7', 'beta-Damascenone', 'Floral, Rose, Plum'),
  dimethylbenzylCarbinylAcetate: mol('151-05-3', 'Dimethyl benzyl carbinyl acetate', 'Fruity, Plum, Jasmin'),
  hexenol: mol('928-96-1', 'cis-3-Hexenol', 'Green, Grassy, Fresh'),
  triplal: mol('68039-49-6', 'Triplal (ligustral)', 'Green, Grassy, Citrus'),
  hydroxycitronellal: mol('107-75-5', 'Hydroxycitronellal', 'Floral, Muguet, Aldehydic'),
  florol: mol('63500-71-0', 'Florol', 'Floral, Muguet, Soft'),
  cyclamenAldehyde: mol('103-95-7', 'Cyclamen aldehyde', 'Floral, Green, Cyclamen'),
  phenylacetaldehyde: mol('122-78-1', 'Phenylacetaldehyde', 'Floral, Hyacinth, Green'),
  methylJasmonate: mol('1211-29-6', 'Methyl jasmonate', 'Floral, Fresh, Magnolia'),
  hedione: mol('24851-98-7', 'Hedione (methyl dihydrojasmonate)', 'Floral, Fresh, Jasmin'),
  phenethylAlcohol: mol('60-12-8', 'Phenethyl alcohol', 'Floral, Rose, Honey'),
  cyclohexylethanol: mol('4442-79-9', '2-Cyclohexylethyl alcohol', 'Floral, Green, Peony'),
  roseOxide: mol('16409-43-1', 'Rose oxide', 'Floral, Rose, Geranium'),
  nonadienal: mol('557-48-2', 'Nona-2-trans-6-cis-dienal', 'Green, Cucumber, Fatty'),
  methylNonenoate: mol('13481-87-3', 'Methyl 3-nonenoate', 'Fruity, Watermelon, Pear'),
  rhubofix: mol('93-92-5', 'Styrallyl acetate', 'Green, Fruity, Rhubarb'),
  tea: mol('950854-40-7', 'Tea leaf absolute', 'Fruity, Tea, Green'),
  mate: mol('68916-96-1', 'Mate absolute', 'Herbal, Tobacco, Tea'),
  theaspirane: mol('36431-72-8', 'Theaspirane', 'Herbal, Tea, Tobacco'),
  rum: mol('943609-24-3', 'Rum absolute', 'Fruity, Rum, Fresh'),
  ethylDecanoate: mol('110-38-3', 'Ethyl decanoate', 'Fruity, Sweet, Brandy'),
  acetoin: mol('513-86-0', 'Acetoin', 'Food like, Buttery, Milky'),
  diacetyl: mol('431-03-8', 'Diacetyl', 'Food like, Buttery, Creamy'),
  methylThiazoleEthanol: mol('137-00-8', 'Sulfurol (4-methyl-5-thiazoleethanol)', 'Gourmand, Milky, Creamy'),
  ethylAnthranilate: mol('87-25-2', 'Ethyl anthranilate', 'Floral, Grape, Neroli'),
  mangoneThiol: mol('51755-66-9', '3-(Methylthio)-1-hexanol', 'Fruity, Pineapple, Mango'),
  ethylHexenoate: mol('26553-46-8', 'Ethyl (E)-hex-3-enoate', 'Fruity, Passionfruit, Pineapple'),
  amylValerate: mol('2173-56-0', 'Amyl valerate', 'Fruity, Banana, Pear'),
  isopropylMethylthiazole: mol('15679-13-7', '2-Isopropyl-4-methylthiazole', 'Fruity, Apricot, Peach'),
  methylAtrarate: mol('4707-47-5', 'Methyl atrarate (Evernyl)', 'Woody, Mossy, Earthy'),
  nitrileSaffron: mol('1392276-61-7', 'Safraleine-type nitrile', 'Spicy, Saffron, Leathery'),
  tobaccoOil: mol('73138-76-8', 'Tobacco oil, nicotine-free', 'Woody, Tobacco, Smoky'),
  hay: mol('8031-00-3', 'Hay absolute', 'Herbal, Hay, Sweet'),
  acetanisole: mol('100-06-1', 'Acetanisole', 'Powdery, Soft, Mimosa'),
  anisaldehyde: mol('123-11-5', 'Anisaldehyde', 'Powdery, Almond, Anisic'),
  lilialAlcohol: mol('56107-04-1', '3-(p-tert-Butylphenyl)-2-methylpropanol', 'Floral, Lily, Fresh'),
  gammaMethyldecalactone: mol('7011-83-8', 'gamma-Methyldecalactone', 'Floral, Gardenia, Fruity'),
  benzylMethylbutyrate: mol('56423-40-6', 'Benzyl 2-methylbutyrate', 'Floral, Fruity, Gardenia'),
  ethylAcetate: mol('141-78-6', 'Ethyl acetate', 'Fruity, Pear, Apple'),
  isolongifolene: mol('1135-66-6', 'Isolongifolene', 'Woody, Amber, Incense'),
  fucus: mol('68917-51-1', 'Fucus vesiculosus absolute', 'Marine, Fresh, Green'),
  seaweedAldehyde: mol('67845-46-9', '(4-Methylphenoxy)acetaldehyde', 'Marine, Aldehydic, Seaweed'),
  cherryBlossomSchiff: mol(
    '37837-44-8',
    'Benzaldehyde methyl anthranilate (Schiff base)',
    'Floral, Almond, Cherry-Blossom',
  ),
  isopropoxyEthylSalicylate: mol(
    '79915-74-5',
    'Isopropoxy ethyl salicylate',
    'Floral, Balsamic, Cherry-Blossom',
  ),
  citronellylTiglate: mol('24717-85-9', 'Citronellyl tiglate', 'Floral, Fruity, Sweet-Pea'),
  acetal: mol('105-57-7', 'Acetal', 'Fruity, Kiwi, Citrus'),
  anisaldehydeDiethylAcetal: mol(
    '2403-58-9',
    '4-Methoxybenzaldehyde diethyl acetal',
    'Floral, Hawthorn, Powdery',
  ),
  anisaldehydeDimethylAcetal: mol('2186-92-7', 'Anisaldehyde dimethyl acetal', 'Floral, Hawthorn, Jasmin'),
};

const ACCORDS: readonly Accord[] = [
  {
    notes: ['musk', 'white musk'],
    why: 'Perfumery musk notes are synthetic (natural deer musk is not used): polycyclic, macrocyclic and alicyclic musks',
    molecules: [
      M.galaxolide,
      M.ethyleneBrassylate,
      M.habanolide,
      M.muscone,
      M.exaltolide,
      M.ambrettolide,
      M.helvetolide,
      M.tonalide,
    ],
  },
  {
    notes: ['amber'],
    why: 'The amber accord (not ambergris) is built on labdanum, benzoin and vanillin, with ambroxide-type materials',
    molecules: [M.labdanum, M.benzoin, M.vanillin, M.ambroxan],
  },
  {
    notes: ['ambergris'],
    why: 'Ambergris notes are rendered with ambroxide-type materials (the odorant formed from ambrein in ambergris), alongside ambergris tincture',
    molecules: [M.ambroxan],
  },
  {
    notes: ['leather'],
    why: 'Leather notes are reconstituted: birch tar and cade oils give the tanned-leather smoke, quinolines the leathery bite',
    molecules: [M.isobutylQuinoline, M.methylQuinoline, M.birchTar, M.cade],
  },
  {
    notes: ['suede'],
    why: 'Suede accords are soft leather accords: quinolines with saffron-leather nitriles and musks',
    molecules: [M.isobutylQuinoline, M.nitrileSaffron, M.ethyleneBrassylate],
  },
  {
    notes: ['smoke', 'birch', 'tar'],
    why: 'Smoky notes come from birch tar and cade oils and from phenols such as guaiacol',
    molecules: [M.birchTar, M.cade, M.guaiacol],
  },
  {
    notes: [
      'sea notes',
      'marine notes',
      'aquatic notes',
      'ozonic notes',
      'salt',
      'sea salt',
      'water',
      'rain',
    ],
    why: 'Marine, aquatic and ozonic accords are built on Calone and ozonic aldehydes',
    molecules: [M.calone, M.floralozone, M.helional],
  },
  {
    notes: ['powdery notes'],
    why: 'Powdery accords are built on heliotropin, coumarin, ionones and musks',
    molecules: [M.heliotropin, M.coumarin, M.allylIonone, M.methylIonone, M.habanolide],
  },
  {
    notes: ['raspberry'],
    why: 'Raspberry gives no usable extract; the note is built on raspberry ketone, ionones and esters',
    molecules: [M.raspberryKetone, M.butylButyrate],
  },
  {
    notes: ['blackberry', 'blueberry', 'mulberry', 'red berries', 'berries', 'cranberry', 'wild berries'],
    why: 'Berry notes are fruit accords built on raspberry ketone and fruity esters',
    molecules: [M.raspberryKetone, M.butylButyrate, M.ethylMethylbutyrate],
  },
  {
    notes: ['peach', 'nectarine'],
    why: 'Peach and nectarine notes are built on lactones (gamma-undecalactone, "aldehyde C-14")',
    molecules: [M.undecalactone, M.decalactone],
  },
  {
    notes: ['apricot'],
    why: 'Apricot notes are built on lactones and apricot thiazoles',
    molecules: [M.undecalactone, M.isopropylMethylthiazole],
  },
  {
    notes: ['pear'],
    why: 'Pear notes are built on esters: isoamyl and prenyl acetates, ethyl decadienoate',
    molecules: [M.isoamylAcetate, M.prenylAcetate, M.pearEster, M.helvetolide],
  },
  {
    notes: ['apple'],
    why: 'Apple notes are built on fruity esters (hexyl acetate, Manzanate) and damascones',
    molecules: [M.hexylAcetate, M.manzanate, M.verdox],
  },
  {
    notes: ['pineapple'],
    why: 'Pineapple notes are built on allyl esters',
    molecules: [M.allylHexanoate, M.allylCyclohexylpropionate],
  },
  {
    notes: ['plum', 'prune'],
    why: 'Plum notes are built on damascones and fruity esters',
    molecules: [M.damascone, M.dimethylbenzylCarbinylAcetate, M.decalactone],
  },
  {
    notes: ['strawberry'],
    why: 'Strawberry notes are built on "strawberry aldehyde" (ethyl methylphenylglycidate), furaneol and esters',
    molecules: [M.strawberryAldehyde, M.furaneol, M.ethylMethylbutyrate],
  },
  {
    notes: ['black currant', 'red currant', 'currant'],
    why: 'Black currant (cassis) notes use blackcurrant bud absolute with cassis oximes and thiols',
    molecules: [M.cassisOxime, M.cassisThiol],
  },
  {
    notes: ['melon', 'honeydew', 'cantaloupe'],
    why: 'Melon notes are built on Melonal and nonenyl esters',
    molecules: [M.melonal, M.nonenylAcetate],
  },
  {
    notes: ['watermelon'],
    why: 'Watermelon notes are built on Calone and watermelon esters',
    molecules: [M.calone, M.methylNonenoate],
  },
  {
    notes: ['cucumber'],
    why: 'Cucumber notes are built on nonadienal',
    molecules: [M.nonadienal],
  },
  {
    notes: ['cherry'],
    why: 'Cherry notes are built on benzaldehyde',
    molecules: [M.benzaldehyde],
  },
  {
    notes: ['coconut'],
    why: 'Coconut notes are built on coconut absolute and lactones (gamma-nonalactone)',
    molecules: [M.coconut, M.nonalactone, M.deltaDecalactone],
  },
  {
    notes: ['mango'],
    why: 'Mango notes are built on sulfur tropical-fruit odorants',
    molecules: [M.mangoneThiol],
  },
  {
    notes: ['passionfruit', 'passion fruit', 'maracuja'],
    why: 'Passion fruit notes are built on hexenoate esters and sulfur tropical-fruit odorants',
    molecules: [M.ethylHexenoate, M.mangoneThiol],
  },
  {
    notes: ['banana'],
    why: 'Banana notes are built on amyl esters',
    molecules: [M.amylValerate, M.isoamylAcetate],
  },
  {
    notes: ['grape', 'grapes'],
    why: 'Grape notes are built on anthranilates',
    molecules: [M.ethylAnthranilate],
  },
  {
    notes: ['rhubarb'],
    why: 'Rhubarb notes are built on styrallyl acetate',
    molecules: [M.rhubofix],
  },
  {
    notes: ['caramel', 'toffee', 'butterscotch', 'dulce de leche'],
    why: 'Caramel notes are built on maltol, ethyl maltol and furaneol',
    molecules: [M.maltol, M.ethylMaltol, M.furaneol],
  },
  {
    notes: ['sugar', 'cotton candy', 'candy', 'marshmallow', 'brown sugar'],
    why: 'Sugary notes are built on ethyl maltol and vanillin',
    molecules: [M.ethylMaltol, M.maltol, M.vanillin],
  },
  {
    notes: ['praline', 'hazelnut', 'nuts'],
    why: 'Praline and hazelnut notes are built on filbertone with caramel odorants',
    molecules: [M.filbertone, M.ethylMaltol],
  },
  {
    notes: ['honey'],
    why: 'Honey notes are built on phenylacetic acid and its esters',
    molecules: [M.phenylaceticAcid, M.methylPhenylacetate, M.benzylPhenylacetate],
  },
  {
    notes: ['milk', 'cream', 'whipped cream', 'butter'],
    why: 'Milky notes are built on lactones, diacetyl and acetoin',
    molecules: [M.deltaDecalactone, M.acetoin, M.diacetyl],
  },
  {
    notes: ['chocolate', 'cocoa'],
    why: 'Chocolate and cocoa notes use cacao absolute',
    molecules: [M.cacao],
  },
  {
    notes: ['coffee'],
    why: 'Coffee notes use roasted coffee absolute',
    molecules: [M.coffee],
  },
  {
    notes: ['rum'],
    why: 'Rum notes use rum absolute',
    molecules: [M.rum],
  },
  {
    notes: ['cognac', 'brandy', 'whiskey', 'whisky', 'liquor', 'wine', 'red wine', 'champagne'],
    why: 'Spirits and wine notes are built on ethyl esters of fatty acids ("cognac oil")',
    molecules: [M.ethylDecanoate],
  },
  {
    notes: ['tea', 'green tea', 'white tea'],
    why: 'Tea notes use tea leaf absolute and theaspirane',
    molecules: [M.tea, M.theaspirane],
  },
  {
    notes: ['mate'],
    why: 'Maté notes use maté absolute',
    molecules: [M.mate],
  },
  {
    notes: ['tobacco'],
    why: 'Tobacco notes use nicotine-free tobacco extracts',
    molecules: [M.tobaccoOil],
  },
  {
    notes: ['hay'],
    why: 'Hay notes use hay absolute; coumarin gives the smell of new-mown hay',
    molecules: [M.hay, M.coumarin],
  },
  {
    notes: [
      'grass',
      'green grass',
      'cut grass',
      'green leaves',
      'leaves',
      'leaf',
      'ivy',
      'fern',
      'green accord',
    ],
    why: 'Green, grassy and leafy notes are built on cis-3-hexenol and green aldehydes',
    molecules: [M.hexenol, M.triplal],
  },
  {
    notes: ['lily of the valley'],
    why: 'Lily of the valley gives no usable oil; the note is built on muguet materials',
    molecules: [M.hydroxycitronellal, M.florol],
  },
  {
    notes: ['cyclamen'],
    why: 'Cyclamen gives no usable oil; the note is built on cyclamen aldehyde and Helional',
    molecules: [M.cyclamenAldehyde, M.helional],
  },
  {
    notes: ['hyacinth'],
    why: 'Hyacinth notes are built on phenylacetaldehyde (hyacinth absolute is rare)',
    molecules: [M.phenylacetaldehyde],
  },
  {
    notes: ['peony'],
    why: 'Peony gives no usable oil; the note is built on rosy and green alcohols',
    molecules: [M.phenethylAlcohol, M.cyclohexylethanol, M.roseOxide],
  },
  {
    notes: ['magnolia'],
    why: 'Magnolia notes are built on jasmonates (magnolia flower oil is rare)',
    molecules: [M.methylJasmonate, M.hedione],
  },
  {
    notes: ['lily', 'water lily', 'lotus'],
    why: 'Lily, water lily and lotus give no usable oil; the notes are built on lily-muguet alcohols and aldehydes',
    molecules: [M.lilialAlcohol, M.hydroxycitronellal, M.helional],
  },
  {
    notes: ['gardenia'],
    why: 'Gardenia absolute is rare; the note is built on gardenia lactones and esters',
    molecules: [M.gammaMethyldecalactone, M.benzylMethylbutyrate],
  },
  {
    notes: ['seaweed', 'algae'],
    why: 'Seaweed notes use bladderwrack (Fucus vesiculosus) absolute and marine aldehydes',
    molecules: [M.fucus, M.seaweedAldehyde],
  },
  {
    notes: ['cherry blossom'],
    why: 'Cherry blossom notes are built on almond-floral Schiff bases and salicylates',
    molecules: [M.cherryBlossomSchiff, M.isopropoxyEthylSalicylate],
  },
  {
    notes: ['sweet pea'],
    why: 'Sweet pea gives no usable oil; the note is built on floral-fruity esters',
    molecules: [M.citronellylTiglate],
  },
  {
    notes: ['kiwi'],
    why: 'Kiwi notes are built on fruity acetals',
    molecules: [M.acetal],
  },
  {
    notes: ['hawthorn'],
    why: 'Hawthorn (aubépine) notes are built on anisaldehyde and its acetals',
    molecules: [M.anisaldehydeDiethylAcetal, M.anisaldehydeDimethylAcetal],
  },
  {
    notes: ['oakmoss accord', 'mossy notes'],
    why: 'Oakmoss replacements are built on methyl atrarate (Evernyl)',
    molecules: [M.methylAtrarate],
  },
];

/**
 * Notes whose material is a natural (or one molecule): principal constituents with the reference
 * that gives them, and the source materials whose typical % apply.
 */
const NATURALS: readonly Entry[] = [
  // Citrus peel oils (cold-pressed).
  entry(
    ['bergamot'],
    'ISO 3520, oil of bergamot (Citrus bergamia): limonene, linalyl acetate and linalool are its main constituents',
    [C.limonene, C.linalylAcetate, C.linalool, ['8007-75-8', 'Bergamot oil, expressed']],
    ['Bergamot oil expressed', 'Bergamot Essential Oil from PW'],
  ),
  entry(
    ['lemon', 'citron de sicile'],
    'ISO 855, oil of lemon (Citrus limon, expressed): limonene, beta-pinene and gamma-terpinene, with citral (neral + geranial)',
    [C.limonene, C.bPinene, C.gTerpinene, C.citral, ['8008-56-8', 'Lemon oil']],
    ['Lemon oil, expressed', 'Lemon essence oil', 'Lemon Essential Oil from PW'],
  ),
  entry(
    ['orange', 'sweet orange'],
    'ISO 3140, oil of sweet orange (Citrus sinensis, expressed): limonene makes up most of the oil, with myrcene, linalool and decanal',
    [C.limonene, C.myrcene, C.linalool, C.decanal, ['8008-57-9', 'Orange oil, sweet']],
    ['Orange essence oil', 'Orange, sweet, Valencia oil'],
  ),
  entry(
    ['bitter orange'],
    'ISO 9844, oil of bitter orange (Citrus aurantium, expressed): limonene makes up most of the oil, with myrcene and linalool',
    [C.limonene, C.myrcene, C.linalool, ['68916-04-1', 'Orange oil, bitter']],
    ['Orange oil, bitter', 'Bitter Orange Essential Oil from PW'],
  ),
  entry(
    ['grapefruit'],
    'ISO 3053, oil of grapefruit (Citrus paradisi, expressed): limonene and myrcene; nootkatone is its character odorant',
    [C.limonene, C.myrcene, C.nootkatone, ['8016-20-4', 'Grapefruit oil']],
    ['Grapefruit oil', 'Grapefruit White Essential Oil from PW', 'Grapefruit Pink Essential Oil from PW'],
  ),
  entry(
    ['mandarin', 'tangerine', 'clementine'],
    'ISO 3528, oil of mandarin (Citrus reticulata, Italian type): limonene and gamma-terpinene, with methyl N-methylanthranilate',
    [C.limonene, C.gTerpinene, C.mnma, ['8008-31-9', 'Mandarin oil']],
    ['Mandarin oil'],
  ),
  entry(
    ['lime'],
    `${TY}, lime oil (Citrus aurantifolia, expressed): limonene, gamma-terpinene, beta-pinene and citral`,
    [C.limonene, C.gTerpinene, C.bPinene, C.citral, ['8008-26-2', 'Lime oil']],
    ['Lime oil, expressed', 'Persian lime oil, expressed'],
  ),
  entry(
    ['yuzu'],
    `${TY}, yuzu oil (Citrus junos): limonene, gamma-terpinene and linalool`,
    [C.limonene, C.gTerpinene, C.linalool],
    ['Citrus junos oil'],
  ),
  entry(
    ['pomelo'],
    `${TY}: cold-pressed citrus peel oils are mostly limonene; pomelo (Citrus maxima) peel oil like the related grapefruit oil (ISO 3053): limonene, myrcene`,
    [C.limonene, C.myrcene],
  ),
  entry(
    ['citron'],
    `${TY}, citron oil (Citrus medica): limonene and gamma-terpinene, with citral`,
    [C.limonene, C.gTerpinene, C.citral],
    ['Citron oil'],
  ),
  entry(
    ['kumquat'],
    `${TY}: cold-pressed citrus peel oils, kumquat (Fortunella) included, are mostly limonene`,
    [C.limonene],
    ['Kumquat oil, Fortunella margarita'],
  ),
  entry(
    ['petitgrain'],
    'ISO 8901, oil of petitgrain bigarade (Citrus aurantium leaves): linalyl acetate and linalool, with alpha-terpineol and geraniol',
    [C.linalylAcetate, C.linalool, C.terpineol, C.geraniol, ['8014-17-3', 'Petitgrain bigarade oil']],
    ['Petitgrain bigarade oil'],
  ),
  // Citrus flowers.
  entry(
    ['neroli'],
    'ISO 3517, oil of neroli (Citrus aurantium flowers, distilled): linalool, limonene, linalyl acetate, beta-pinene, with nerolidol and methyl anthranilate',
    [
      C.linalool,
      C.limonene,
      C.linalylAcetate,
      C.bPinene,
      C.nerolidol,
      C.methylAnthranilate,
      ['8016-38-4', 'Neroli oil'],
    ],
    [
      'Orange flower oil, bitter (Neroli and Neroli bigarade)',
      'Orange flower oil, bitter (neroli and neroli bigarade)',
      'Neroli Essential Oil from PW',
    ],
  ),
  entry(
    ['orange blossom'],
    `${ARCTANDER}, orange flower absolute (Citrus aurantium flowers): linalool, linalyl acetate, methyl anthranilate, indole and nerolidol`,
    [
      C.linalool,
      C.linalylAcetate,
      C.methylAnthranilate,
      C.indole,
      C.nerolidol,
      ['8016-38-4', 'Orange flower absolute'],
    ],
    [
      'Orange blossoms absolute',
      'Orange flower water absolute',
      'Orange flower, bitter, CO2 extract',
      'Orange Flower Absolute from PW',
    ],
  ),
  // Florals.
  entry(
    ['rose', 'rosa centifolia'],
    'ISO 9842, oil of rose (Rosa × damascena): citronellol, geraniol and nerol; phenylethyl alcohol dominates the absolute',
    [C.citronellol, C.geraniol, C.nerol, C.pea, C.eugenol, ['8007-01-0', 'Rose oil']],
    ['Rose oil', 'Rose absolute'],
  ),
  entry(
    ['jasmine'],
    `${ARCTANDER}, jasmine absolute (Jasminum grandiflorum): benzyl acetate, linalool, benzyl benzoate, with indole and cis-jasmone`,
    [C.benzylAcetate, C.linalool, C.benzylBenzoate, C.indole, ['8022-96-6', 'Jasmine absolute']],
    ['Jasmine absolute', 'Jasmine grandiflorum absolute', 'Jasmine Absolute from PW'],
  ),
  entry(
    ['jasmine sambac'],
    `${TY}, jasmine sambac absolute (Jasminum sambac): linalool, benzyl acetate, (E,E)-alpha-farnesene, methyl anthranilate and indole`,
    [
      C.linalool,
      C.benzylAcetate,
      C.methylAnthranilate,
      C.indole,
      ['1034798-23-6', 'Jasmine sambac absolute'],
    ],
    ['Jasmine sambac absolute'],
  ),
  entry(
    ['ylang ylang'],
    'ISO 3063, oil of ylang-ylang (Cananga odorata genuina): linalool, germacrene D, benzyl acetate, benzyl benzoate, benzyl salicylate, p-cresyl methyl ether',
    [C.linalool, C.benzylAcetate, C.benzylBenzoate, C.benzylSalicylate, ['8006-81-3', 'Ylang ylang oil']],
    ['Ylang ylang oil I', 'Ylang ylang oil II', 'Ylang-ylang absolute'],
  ),
  entry(
    ['tuberose'],
    `${ARCTANDER}, tuberose absolute (Polianthes tuberosa): methyl benzoate, benzyl benzoate, methyl salicylate, methyl anthranilate`,
    [
      C.methylBenzoate,
      C.benzylBenzoate,
      C.methylSalicylate,
      C.methylAnthranilate,
      ['8024-05-3', 'Tuberose absolute'],
    ],
    ['Tuberose absolute'],
  ),
  entry(
    ['lavender'],
    'ISO 3515, oil of lavender (Lavandula angustifolia): linalool and linalyl acetate',
    [C.linalool, C.linalylAcetate, ['8000-28-0', 'Lavender oil']],
    ['Lavender oil', 'Lavender Essential Oil from PW'],
  ),
  entry(
    ['lavandin'],
    'ISO 8902, oil of lavandin grosso (Lavandula × intermedia): linalool, linalyl acetate, camphor, 1,8-cineole',
    [C.linalool, C.linalylAcetate, C.camphor, C.cineole],
    ['Lavandin grosso oil', 'Lavandin oil'],
  ),
  entry(
    ['geranium'],
    'ISO 4731, oil of geranium (Pelargonium graveolens): citronellol, geraniol, citronellyl formate, linalool, isomenthone',
    [C.citronellol, C.geraniol, C.linalool, ['8000-46-2', 'Geranium oil']],
    ['Geranium oil', 'Geranium Essential Oil from PW', 'Geranium Bourbon Essential Oil from PW'],
  ),
  entry(
    ['violet'],
    'Violet flowers give no commercial oil; the violet note is built on ionones and methyl ionones (IFRA glossary 2019: "Floral, Violet" for alpha- and beta-ionone)',
    [C.aIonone, C.bIonone, C.methylIonone],
  ),
  entry(
    ['violet leaf'],
    `${ARCTANDER}, violet leaf absolute (Viola odorata leaves): 2,6-nonadienal gives its green cucumber odour`,
    [
      ['557-48-2', 'Nona-2-trans-6-cis-dienal'],
      ['8024-08-6', 'Violet leaf absolute'],
    ],
    ['Violet leaf absolute', 'Violet Leaf Absolute from PW'],
  ),
  entry(
    ['iris', 'orris'],
    `${ARCTANDER}, orris (Iris pallida / germanica rhizome): irones are its characteristic odorants`,
    [C.aIrone, ['8002-73-1', 'Orris (Iris pallida) extract']],
  ),
  entry(
    ['carnation'],
    `${ARCTANDER}, carnation absolute: eugenol is its main constituent`,
    [C.eugenol, ['8021-43-0', 'Carnation absolute']],
    ['Carnation absolute'],
  ),
  entry(
    ['mimosa'],
    `${ARCTANDER}, mimosa absolute (Acacia dealbata): anisaldehyde and related anisic compounds, with hydrocarbons`,
    [
      ['123-11-5', 'Anisaldehyde'],
      ['8031-03-6', 'Mimosa absolute'],
    ],
    ['Mimosa absolute', 'Mimosa concrete'],
  ),
  entry(
    ['osmanthus'],
    `${ARCTANDER}, osmanthus absolute (Osmanthus fragrans): ionones, dihydro-beta-ionone and gamma-decalactone`,
    [C.bIonone, ['706-14-9', 'gamma-Decalactone'], ['68917-05-5', 'Osmanthus absolute']],
    ['Osmanthus absolute'],
  ),
  entry(
    ['narcissus'],
    `${ARCTANDER}, narcissus absolute (Narcissus poeticus): benzyl acetate, benzyl benzoate and methyl benzoate, with isoeugenol derivatives`,
    [C.benzylAcetate, C.benzylBenzoate, ['8023-75-4', 'Narcissus absolute']],
    ['Narcissus poeticus absolute'],
  ),
  entry(
    ['frangipani'],
    `${GLOSSARY}: plumeria absolute ("Floral, Frangipani, Sweet"); DB_User_Materials lists benzyl salicylate and benzyl benzoate in frangipani absolute`,
    [C.benzylSalicylate, C.benzylBenzoate, ['94350-02-4', 'Plumeria absolute']],
    ['Frangipani Absolute from PW'],
  ),
  entry(
    ['champaca'],
    `${ARCTANDER}, champaca (Michelia champaca) absolute: methyl anthranilate, linalool, benzyl acetate, phenylethyl alcohol`,
    [C.methylAnthranilate, C.linalool, C.benzylAcetate],
    ['Champaca absolute', 'Champaca Flower Essential Oil from PW'],
  ),
  entry(
    ['heliotrope'],
    'Heliotrope gives no usable oil; the note is built on heliotropin (piperonal) (IFRA glossary 2019: "Anisic, Floral, Powdery")',
    [C.heliotropin],
  ),
  entry(
    ['honeysuckle'],
    'GC-MS of honeysuckle (Lonicera japonica) flower concrete and headspace, Flavour Fragr J 1994, doi:10.1002/ffj.2730090609: linalool, (Z)-jasmone, jasmin lactone and methyl jasmonate characterise the flower',
    [C.linalool, ['488-10-8', 'cis-Jasmone'], ['1211-29-6', 'Methyl jasmonate']],
  ),
  entry(
    ['freesia'],
    'Freesia gives no usable oil. GC-MS of Freesia hybrida flowers (Plants 2020, 9, 1597, doi:10.3390/plants9111597): linalool is the major volatile, with beta-ocimene, d-limonene and trans-beta-ionone',
    [C.linalool, C.limonene, C.bIonone],
  ),
  entry(
    ['lilac'],
    'Lilac gives no usable oil; the note is built on alpha-terpineol, which The Good Scents Company data (pyrfume copy, 2022) describe as "terpene, lilac, floral, woody, pine, citrus"',
    [C.terpineol],
  ),
  entry(
    ['linden blossom'],
    `${ARCTANDER}, linden blossom (Tilia) absolute: farnesol and linalool; the note is mostly reconstituted with hydroxycitronellal`,
    [C.farnesol, C.linalool, C.hydroxycitronellal],
  ),
  entry(
    ['immortelle'],
    `${TY}, helichrysum oil (Helichrysum italicum): neryl acetate, alpha-pinene, gamma-curcumene, italidiones`,
    [C.aPinene, ['8023-95-8', 'Helichrysum oil']],
    ['Helichrysum oil', 'Helichrysum absolute'],
  ),
  entry(
    ['chamomile'],
    `${TY}, Roman chamomile oil (Chamaemelum nobile): isobutyl angelate and other angelate esters`,
    [['8015-92-7', 'Chamomile oil, Roman']],
  ),
  entry(
    ['broom'],
    `${ARCTANDER}, genêt (Spartium junceum) absolute`,
    [['90131-23-0', 'Spartium junceum absolute']],
    ['Genet absolute'],
  ),
  // Woods.
  entry(
    ['sandalwood'],
    'ISO 3518, oil of sandalwood (Santalum album): (Z)-alpha-santalol and (Z)-beta-santalol',
    [C.santalol, ['8006-87-9', 'Sandalwood oil']],
    ['Sandalwood oil'],
  ),
  entry(
    ['australian sandalwood'],
    `${TY}, Australian sandalwood oil (Santalum spicatum): santalols with farnesol and nuciferol`,
    [C.santalol, ['8024-35-9', 'Sandalwood oil, Australian']],
    ['Sandalwood oil, Australian'],
  ),
  entry(
    ['cedarwood', 'cedar'],
    'ISO 4724, oil of cedarwood, Virginian (Juniperus virginiana): alpha-cedrene, thujopsene and cedrol',
    [C.aCedrene, C.cedrol, ['8000-27-9', 'Cedarwood oil, Virginian']],
    ['Cedarwood oil, Virginian', 'Cedarwood Virginian Essential Oil from PW'],
  ),
  entry(
    ['atlas cedar'],
    `${TY}, Atlas cedarwood oil (Cedrus atlantica): beta-himachalene, alpha- and gamma-himachalene, atlantones`,
    [['92201-55-3', 'Cedarwood oil, Atlas']],
    ['Cedarwood oil, Atlas', 'Atlas Cedarwood Essential Oil from PW'],
  ),
  entry(
    ['himalayan cedar'],
    `${TY}, Himalayan cedarwood oil (Cedrus deodara): himachalenes and atlantones`,
    [['68991-36-6', 'Cedarwood oil, Himalaya']],
    ['Cedarwood oil, Himalaya'],
  ),
  entry(
    ['thuja', 'white cedar'],
    `${TY}, thuja (cedar leaf) oil (Thuja occidentalis): alpha-thujone, fenchone, beta-thujone`,
    [C.aThujone, C.bThujone],
    ['Cedar leaf oil'],
  ),
  entry(
    ['patchouli'],
    'ISO 3757, oil of patchouli (Pogostemon cablin): patchoulol, with alpha-bulnesene and alpha-guaiene',
    [C.patchoulol, ['3691-12-1', 'alpha-Guaiene'], ['8014-09-3', 'Patchouli oil']],
    ['Patchouli Essential Oil from PW'],
  ),
  entry(
    ['vetiver'],
    'ISO 4716, oil of vetiver (Chrysopogon zizanioides): khusimol, vetiselinenol and the vetivones',
    [['8016-96-4', 'Vetiver oil']],
    ['Vetiver oil (all origins)', 'Vetiver Essential Oil from PW'],
  ),
  entry(
    ['guaiac wood'],
    `${ARCTANDER}, guaiacwood oil (Bulnesia sarmientoi): guaiol and bulnesol`,
    [['8016-23-7', 'Guaiac wood oil']],
    ['Guaiac wood oil'],
  ),
  entry(
    ['oud'],
    `${TY}, agarwood (oud) oil (Aquilaria): agarofurans, guaiane and eudesmane sesquiterpenes, chromones`,
    [['94350-09-1', 'Agarwood oil']],
    ['Agarwood Oil Siam from PW'],
  ),
  entry(['cypriol'], `${TY}, cypriol (nagarmotha) oil (Cyperus scariosus): cyperene, cyperone, rotundone`, [
    ['68917-81-7', 'Cypriol oil'],
  ]),
  entry(
    ['rosewood', 'palisander rosewood', 'brazilian rosewood'],
    `${TY}, rosewood oil (Aniba rosaeodora): linalool makes up most of the oil`,
    [C.linalool, ['8015-77-8', 'Rosewood oil']],
    ['Rosewood oil'],
  ),
  entry(
    ['amyris'],
    `${TY}, amyris oil (Amyris balsamifera): valerianol, elemol, beta-eudesmol`,
    [['8015-65-4', 'Amyris oil']],
    ['Amyris Essential Oil from PW'],
  ),
  entry(
    ['cypress'],
    `${TY}, cypress oil (Cupressus sempervirens): alpha-pinene and delta-3-carene`,
    [C.aPinene, C.carene, ['8013-86-3', 'Cypress oil']],
    ['Cypress oil', 'Cypress Essential Oil from PW'],
  ),
  entry(
    ['pine'],
    `${TY}, Scots pine needle oil (Pinus sylvestris): alpha-pinene, delta-3-carene, beta-pinene, limonene`,
    [C.aPinene, C.carene, C.bPinene, C.limonene],
    ['Pine needle oil'],
  ),
  entry(
    ['fir', 'fir balsam'],
    `${TY}, fir needle oils (Abies): bornyl acetate, camphene, alpha-pinene, limonene`,
    [C.aPinene, C.limonene, ['76-49-3', 'Bornyl acetate']],
    [
      'Fir needle oil, Siberian',
      'Fir needle oil, Canadian',
      'Abies alba needle oil',
      'Fir Essential Oil from PW',
    ],
  ),
  entry(
    ['juniper'],
    `${TY}, juniper berry oil (Juniperus communis): alpha-pinene, myrcene, sabinene, limonene`,
    [C.aPinene, C.myrcene, C.sabinene, C.limonene, ['8002-68-4', 'Juniper berry oil']],
    ['Juniper berry oil'],
  ),
  entry(['birch tar'], `${GLOSSARY}: birch tar oil, rectified ("Woody, Warm, Smoky")`, [
    ['8001-88-5', 'Birch tar oil, rectified'],
  ]),
  entry(['cade'], `${GLOSSARY}: cade oil ("Smoky, Phenolic, Leathery")`, [['8013-10-3', 'Cade oil']]),
  // Resins and balsams.
  entry(
    ['frankincense'],
    `${TY}, frankincense (olibanum) oil (Boswellia carterii / sacra): alpha-pinene, limonene, alpha-thujene, myrcene, sabinene`,
    [C.aPinene, C.limonene, C.myrcene, C.sabinene, ['8016-36-2', 'Olibanum oil']],
    [
      'Olibanum oil',
      'Olibanum carterii oil',
      'Olibanum sacra oil',
      'Olibanum absolute',
      'Olibanum Essential Oil from PW',
    ],
  ),
  entry(['myrrh'], `${TY}, myrrh oil (Commiphora myrrha): furanoeudesma-1,3-diene, curzerene, lindestrene`, [
    ['8016-37-3', 'Myrrh oil'],
  ]),
  entry(
    ['opoponax'],
    `${TY}, opopanax oil (Commiphora guidottii): (E)-beta-ocimene, alpha-santalene, bisabolenes`,
    [['8021-36-1', 'Opoponax oil']],
  ),
  entry(
    ['labdanum'],
    `${ARCTANDER}, labdanum (Cistus ladanifer) resinoid and absolute; ${GLOSSARY}: cistus absolute ("Amber, Woody, Dry")`,
    [['8016-26-0', 'Labdanum (cistus)']],
    ['Labdanum oil', 'Cistus oil', 'Cistus absolute', 'Labdanum Absolute from PW'],
  ),
  entry(
    ['benzoin'],
    `${ARCTANDER}, benzoin resinoids (Siam: Styrax tonkinensis; Sumatra: Styrax benzoin): benzoic and cinnamic esters such as benzyl benzoate, with vanillin`,
    [C.benzylBenzoate, C.vanillin],
  ),
  // The supplier's benzoin resinoids are cut with benzyl benzoate (89 % in the Sumatra row): solvent, not benzoin.
  entry(
    ['siam benzoin', 'benzoin siam'],
    `${ARCTANDER}, Siam benzoin resinoid (Styrax tonkinensis): coniferyl benzoate, benzoic acid, benzyl benzoate, vanillin`,
    [C.benzylBenzoate, C.vanillin, ['9000-72-0', 'Benzoin, Siam']],
    ['Benzoin resinoid, Siam'],
  ),
  entry(
    ['sumatra benzoin', 'benzoin sumatra'],
    `${ARCTANDER}, Sumatra benzoin resinoid (Styrax benzoin): cinnamic acid and its esters, benzoic acid, vanillin`,
    [C.benzylCinnamate, C.vanillin, ['9000-05-9', 'Benzoin, Sumatra']],
    ['Benzoin resinoid, Sumatra', 'Benzoin infusion, Sumatra'],
  ),
  entry(['peru balsam'], `${TY}, Peru balsam (Myroxylon pereirae): benzyl benzoate and benzyl cinnamate`, [
    C.benzylBenzoate,
    C.benzylCinnamate,
    ['8007-00-9', 'Peru balsam'],
  ]),
  entry(['tolu balsam'], `${TY}, tolu balsam (Myroxylon balsamum): benzyl benzoate and benzyl cinnamate`, [
    C.benzylBenzoate,
    C.benzylCinnamate,
  ]),
  entry(
    ['styrax'],
    `${ARCTANDER}, styrax (Liquidambar) resinoid: cinnamyl cinnamate, styrene, cinnamic alcohol, benzyl cinnamate`,
    [['104-54-1', 'Cinnamyl alcohol'], C.benzylCinnamate, ['8046-19-3', 'Styrax']],
    ['Styrax resinoid', 'Styrax oil', 'Styrax absolute'],
  ),
  entry(
    ['elemi'],
    `${TY}, elemi oil (Canarium luzonicum): limonene, elemol, alpha-phellandrene`,
    [C.limonene, C.aPhellandrene, ['8023-89-0', 'Elemi oil']],
    ['Elemi oil', 'Elemi Essential Oil from PW'],
  ),
  entry(['copaiba'], `${TY}, copaiba balsam oil (Copaifera): beta-caryophyllene`, [
    C.caryophyllene,
    ['8001-61-4', 'Copaiba balsam'],
  ]),
  entry(['gurjun balsam'], `${TY}, gurjun balsam oil (Dipterocarpus): alpha-gurjunene, beta-caryophyllene`, [
    C.caryophyllene,
    ['8030-55-5', 'Gurjun balsam'],
  ]),
  entry(
    ['mastic'],
    `${TY}, mastic oil (Pistacia lentiscus): alpha-pinene, myrcene, beta-pinene`,
    [C.aPinene, C.myrcene, C.bPinene],
    ['Mastic oil', 'Mastic absolute'],
  ),
  entry(
    ['oakmoss'],
    'The oakmoss note is oakmoss (Evernia prunastri) extract, itself on the EU allergen list; "moss" in perfumery is oakmoss or treemoss',
    [['90028-68-5', 'Evernia prunastri extract']],
  ),
  entry(
    ['treemoss'],
    'The treemoss note is treemoss (Evernia furfuracea) extract, itself on the EU allergen list',
    [['90028-67-4', 'Evernia furfuracea extract']],
  ),
  // Spices.
  entry(
    ['black pepper', 'pepper'],
    'Dosoky NS et al., Volatiles of black pepper fruits (Piper nigrum L.), Molecules 2019, 24, 4244: alpha-pinene, sabinene, beta-pinene, delta-3-carene, limonene and beta-caryophyllene are the major components',
    [
      C.caryophyllene,
      C.limonene,
      C.aPinene,
      C.bPinene,
      C.sabinene,
      C.carene,
      ['8006-82-4', 'Black pepper oil'],
    ],
  ),
  entry(
    ['pink pepper'],
    'Pink pepper (Schinus terebinthifolius) fruit oil, GC-MS: alpha-pinene, limonene, p-cymene and phellandrene (Nat Prod Res 2023, doi:10.1080/14786419.2023.2283756)',
    [C.aPinene, C.limonene, C.pCymene, C.aPhellandrene],
    ['Pink Pepper Essential Oil from PW', 'Schinus molle oil'],
  ),
  entry(['sichuan pepper'], `${TY}, Zanthoxylum fruit oils: limonene, linalool and myrcene`, [
    C.limonene,
    C.linalool,
    C.myrcene,
  ]),
  entry(
    ['cardamom'],
    'ISO 4733, oil of cardamom (Elettaria cardamomum): 1,8-cineole and alpha-terpinyl acetate, with linalool and limonene',
    [C.cineole, C.linalool, C.limonene, ['8000-66-6', 'Cardamom oil']],
    ['Cardamom seed oil', 'Cardamom Essential Oil from PW'],
  ),
  entry(
    ['cinnamon'],
    `ISO 3524, oil of cinnamon leaf, Sri Lanka type (eugenol); ${TY}, cinnamon bark oil (cinnamaldehyde)`,
    [C.cinnamal, C.eugenol, ['8015-91-6', 'Cinnamon bark oil']],
    ['Cinnamon bark oil'],
  ),
  entry(
    ['cassia'],
    'ISO 3216, oil of cassia (Cinnamomum cassia): (E)-cinnamaldehyde, with coumarin',
    [C.cinnamal, C.coumarin, ['8007-80-5', 'Cassia oil']],
    ['Cassia oil'],
  ),
  entry(
    ['clove'],
    'ISO 3142, oil of clove buds (Syzygium aromaticum): eugenol, eugenyl acetate, beta-caryophyllene',
    [C.eugenol, C.caryophyllene, ['8000-34-8', 'Clove oil']],
    ['Clove bud oil'],
  ),
  entry(
    ['nutmeg'],
    `${TY}, nutmeg oil (Myristica fragrans): sabinene, alpha- and beta-pinene, myristicin, terpinen-4-ol`,
    [C.sabinene, C.aPinene, C.bPinene, ['8008-45-5', 'Nutmeg oil']],
    ['Nutmeg oil'],
  ),
  entry(
    ['allspice'],
    `${TY}, pimento berry oil (Pimenta dioica): eugenol, methyl eugenol, beta-caryophyllene`,
    [C.eugenol, C.caryophyllene],
    ['Allspice oil'],
  ),
  entry(
    ['ginger'],
    `${TY}, ginger oil (Zingiber officinale): zingiberene, ar-curcumene, beta-sesquiphellandrene, with citral`,
    [C.citral, ['8007-08-7', 'Ginger oil']],
    ['Ginger oil'],
  ),
  entry(
    ['saffron'],
    'Safranal is the principal odorant of saffron (Crocus sativus) (IFRA glossary 2019: saffron extract "Spicy, Saffron, Herbal")',
    [C.safranal, ['8022-19-3', 'Saffron extract']],
  ),
  entry(
    ['coriander'],
    `${TY}, coriander seed oil (Coriandrum sativum): linalool makes up most of the oil`,
    [C.linalool, ['8008-52-4', 'Coriander oil']],
    ['Coriander seed oil'],
  ),
  entry(
    ['cumin'],
    `${TY}, cumin seed oil (Cuminum cyminum): cuminaldehyde, gamma-terpinene, beta-pinene`,
    [C.cuminaldehyde, C.gTerpinene, C.bPinene, ['8014-13-9', 'Cumin oil']],
    ['Cumin seed oil'],
  ),
  entry(
    ['star anise'],
    'ISO 11016, oil of star anise (Illicium verum): trans-anethole makes up most of the oil',
    [C.anethole],
    ['Star anise oil'],
  ),
  entry(
    ['anise'],
    'ISO 3475, oil of aniseed (Pimpinella anisum): trans-anethole makes up most of the oil',
    [C.anethole],
    ['Anise seed oil'],
  ),
  entry(
    ['caraway'],
    `${TY}, caraway seed oil (Carum carvi): d-carvone and limonene`,
    [C.dCarvone, C.limonene],
    ['Caraway seed oil'],
  ),
  entry(
    ['fennel'],
    `${TY}, sweet fennel oil (Foeniculum vulgare): trans-anethole, limonene`,
    [C.anethole, C.limonene],
    ['Fennel oil, sweet', 'Fennel Sweet Essential Oil from PW'],
  ),
  entry(
    ['tonka bean', 'tonka'],
    `${ARCTANDER}, tonka bean absolute (Dipteryx odorata): coumarin is its characteristic odorant`,
    [C.coumarin, ['8024-04-2', 'Tonka bean absolute']],
    ['Tonka Bean absolute'],
  ),
  entry(
    ['vanilla'],
    `${ARCTANDER}, vanilla (Vanilla planifolia) extracts: vanillin is the main odorant, with p-hydroxybenzaldehyde and anisyl compounds`,
    [C.vanillin, ['8024-06-4', 'Vanilla extract']],
    ['Vanilla absolute', 'Vanilla oleoresin'],
  ),
  entry(['almond'], `${ARCTANDER}, bitter almond oil: benzaldehyde is the odorant`, [C.benzaldehyde]),
  entry(
    ['licorice'],
    'Licorice notes are rendered with trans-anethole, which The Good Scents Company data (pyrfume copy, 2022) describe as "sweet, anise, mimosa, licorice"; licorice root extract itself has little odour',
    [C.anethole],
  ),
  // Herbs.
  entry(
    ['sage'],
    'ISO 9909, oil of Dalmatian sage (Salvia officinalis): alpha-thujone, camphor, 1,8-cineole, beta-thujone',
    [C.aThujone, C.camphor, C.cineole, C.bThujone],
    ['Sage Dalmatian oil'],
  ),
  entry(
    ['clary sage'],
    `${TY}, clary sage oil (Salvia sclarea): linalyl acetate and linalool; sclareol in the absolute`,
    [C.linalylAcetate, C.linalool, ['8016-63-5', 'Clary sage oil']],
    ['Clary sage oil', 'Clary Sage Essential Oil from PW'],
  ),
  entry(['rosemary'], `${TY}, rosemary oil (Rosmarinus officinalis): 1,8-cineole, camphor, alpha-pinene`, [
    C.cineole,
    C.camphor,
    C.aPinene,
    ['8000-25-7', 'Rosemary oil'],
  ]),
  entry(
    ['basil'],
    `${TY}, basil oil (Ocimum basilicum): estragole (methyl chavicol) or linalool, with eugenol`,
    [C.estragole, C.linalool, C.eugenol],
    ['Basil oil, chemotype linalool', 'Basil oil, chemotype estragole'],
  ),
  entry(
    ['thyme'],
    `${TY}, thyme oil (Thymus vulgaris, thymol type): thymol, p-cymene, gamma-terpinene, carvacrol`,
    [C.thymol, C.pCymene, C.gTerpinene, C.carvacrol, ['8007-46-3', 'Thyme oil']],
    ['Thyme oil, red', 'Thyme oil, white'],
  ),
  entry(
    ['mint', 'peppermint'],
    'ISO 856, oil of peppermint (Mentha × piperita): menthol and menthone',
    [C.menthol, C.menthone],
    ['Peppermint oil'],
  ),
  entry(
    ['spearmint'],
    'ISO 3033, oil of spearmint (Mentha spicata): l-carvone and limonene',
    [C.lCarvone, C.limonene],
    ['Spearmint oil'],
  ),
  entry(['eucalyptus'], 'ISO 770, oil of Eucalyptus globulus: 1,8-cineole makes up most of the oil', [
    C.cineole,
  ]),
  entry(
    ['tarragon'],
    `${TY}, tarragon oil (Artemisia dracunculus): estragole (methyl chavicol)`,
    [C.estragole],
    ['Tarragon oil'],
  ),
  entry(
    ['artemisia'],
    `${TY}, mugwort (armoise) oil (Artemisia vulgaris / herba-alba): thujones, camphor, 1,8-cineole`,
    [C.aThujone, C.bThujone, C.camphor, C.cineole],
  ),
  entry(
    ['wormwood'],
    `${TY}, wormwood oil (Artemisia absinthium): thujones and sabinyl acetate`,
    [C.bThujone, C.aThujone],
    ['Wormwood oil'],
  ),
  entry(
    ['davana'],
    `${TY}, davana oil (Artemisia pallens): davanone`,
    [['8016-03-3', 'Davana oil']],
    ['Davana oil'],
  ),
  entry(
    ['bay leaf', 'laurel'],
    `${TY}, laurel leaf oil (Laurus nobilis): 1,8-cineole, linalool, alpha-terpinyl acetate, methyl eugenol`,
    [C.cineole, C.linalool, C.methylEugenol],
    ['Laurel leaf oil'],
  ),
  entry(
    ['myrtle'],
    `${TY}, myrtle oil (Myrtus communis): alpha-pinene, 1,8-cineole, limonene, myrtenyl acetate`,
    [C.aPinene, C.cineole, C.limonene],
    ['Myrtle oil'],
  ),
  entry(
    ['galbanum'],
    `${ARCTANDER}, galbanum oil (Ferula galbaniflua): beta-pinene, alpha-pinene, delta-3-carene, with pyrazines and undecatrienes`,
    [C.bPinene, C.aPinene, C.carene, ['8023-91-4', 'Galbanum oil']],
    ['Galbanum oil', 'Galbanum Essential Oil from PW'],
  ),
  entry(
    ['lemongrass'],
    'ISO 4718, oil of lemongrass (Cymbopogon flexuosus): citral (geranial + neral) with geraniol',
    [C.citral, C.geraniol],
    ['Lemongrass oil, East Indian', 'Lemongrass oil, West Indian', 'Lemongrass Essential Oil from PW'],
  ),
  entry(
    ['lemon verbena', 'verbena'],
    `${TY}, lemon verbena oil (Aloysia citrodora): citral (geranial + neral), limonene`,
    [C.citral, C.limonene],
    ['Verbena absolute'],
  ),
  entry(
    ['litsea cubeba', 'may chang'],
    `${TY}, litsea cubeba oil: citral (geranial + neral) makes up most of the oil`,
    [C.citral, C.limonene],
    ['Litsea cubeba oil'],
  ),
  entry(
    ['citronella'],
    `${TY}, citronella oil (Cymbopogon winterianus): citronellal, geraniol, citronellol`,
    [C.citronellal, C.geraniol, C.citronellol],
    ['Citronella oil, Ceylon type', 'Citronella oil, Java type', 'Citronella Essential Oil from PW'],
  ),
  entry(
    ['palmarosa'],
    `${TY}, palmarosa oil (Cymbopogon martinii): geraniol and geranyl acetate`,
    [C.geraniol],
    ['Palmarosa oil'],
  ),
  entry(
    ['angelica'],
    `${TY}, angelica root oil (Angelica archangelica): alpha-pinene, delta-3-carene, limonene, with macrocyclic lactones`,
    [C.aPinene, C.carene, C.limonene],
    ['Angelica root oil'],
  ),
  entry(
    ['carrot seed'],
    `${TY}, carrot seed oil (Daucus carota): carotol`,
    [['8015-88-1', 'Carrot seed oil']],
    ['Carrot seed oil'],
  ),
  entry(
    ['ambrette'],
    `${ARCTANDER}, ambrette seed (Abelmoschus moschatus): ambrettolide and farnesyl acetate give its musk`,
    [
      ['7779-50-2', 'Ambrettolide'],
      ['8015-62-1', 'Ambrette seed oil'],
    ],
    ['Ambrette seed absolute', 'Ambrette seed oil'],
  ),
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
    ['camphor'],
    "The camphor note is the molecule camphor (the oil's safrole-rich brown fraction is another material)",
    [C.camphor],
  ),
  entry(
    ['costus', 'costus root'],
    `${ARCTANDER}, costus root oil (Saussurea costus): sesquiterpene lactones (costunolide, dehydrocostus lactone); the oil is banned as a fragrance ingredient (EU Annex II)`,
    [['8023-88-9', 'Costus root oil']],
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

function accordEntries(): NoteMaterial[] {
  return ACCORDS.map((a) => ({
    notes: a.notes,
    links: a.molecules.map((m) => ({
      cas: m.cas,
      chemical: m.chemical,
      basis: `${a.why}; ${GLOSSARY} describes ${m.chemical} as "${m.descriptors}"`,
    })),
  }));
}

export const NOTE_MATERIALS: readonly NoteMaterial[] = [
  ...NATURALS.map((e) => ({
    notes: e.notes,
    links: e.chems.map(([cas, chemical]) => ({ cas, chemical, basis: e.basis })),
    ...(e.materials ? { materials: e.materials } : {}),
  })),
  ...accordEntries(),
];

/** The accord molecules with the glossary descriptors claimed for them (for the unit test). */
export const ACCORD_DESCRIPTORS: ReadonlyArray<{ cas: string; descriptors: string }> = ACCORDS.flatMap((a) =>
  a.molecules.map((m) => ({ cas: m.cas, descriptors: m.descriptors })),
);
