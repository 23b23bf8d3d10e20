/**
 * Curated note → chemical links for common notes whose chemistry is textbook knowledge: the
 * principal odorants of the natural material the note names (or, for notes with no natural oil,
 * the synthetics perfumers use to render them). Each row says why. Percentages are not given: the
 * composition of naturals varies; typical % comes only from naturals/DB_*.csv.
 *
 * Notes are matched like the material names in notes-bridge.ts: the note itself or a note ending
 * with it ("Bulgarian Rose" takes the "rose" links).
 */

export interface CuratedLink {
  /** Note names (any spelling; compared by note key). */
  notes: readonly string[];
  cas: string;
  chemical: string;
  basis: string;
}

const ROSE =
  'Principal constituents of rose oil and absolute (Rosa damascena / centifolia): citronellol, geraniol, phenylethyl alcohol, with eugenol';
const JASMINE =
  'Principal constituents of jasmine absolute (Jasminum grandiflorum / sambac): benzyl acetate, linalool, benzyl benzoate';
const CITRUS = 'd-Limonene is the main constituent of cold-pressed citrus peel oils';
const BERGAMOT =
  'Bergamot oil (Citrus bergamia): limonene, linalyl acetate and linalool are its main constituents';
const LAVENDER =
  'Lavender oil (Lavandula angustifolia): linalool and linalyl acetate are its main constituents';
const CINNAMON = 'Cinnamon bark oil is mostly cinnamaldehyde (cinnamal); cinnamon leaf oil mostly eugenol';
const CLOVE = 'Clove bud and leaf oils are mostly eugenol';
const LEMONGRASS =
  'Lemongrass oil (Cymbopogon): citral (geranial + neral) with geraniol; DB_User_Materials lists both for lemongrass oil';
const ALDEHYDES =
  'The perfumery note "aldehydes" denotes the aliphatic aldehydes C-10 to C-12 (decanal, undecanal, dodecanal)';

export const CURATED_LINKS: readonly CuratedLink[] = [
  { notes: ['Lemongrass'], cas: '5392-40-5', chemical: 'Citral', basis: LEMONGRASS },
  { notes: ['Lemongrass'], cas: '106-24-1', chemical: 'Geraniol', basis: LEMONGRASS },
  {
    notes: ['Tonka Bean', 'Tonka'],
    cas: '91-64-5',
    chemical: 'Coumarin',
    basis: 'Coumarin is the characteristic odorant of tonka beans (Dipteryx odorata)',
  },
  { notes: ['Hay'], cas: '91-64-5', chemical: 'Coumarin', basis: 'Coumarin gives the smell of new-mown hay' },
  {
    notes: ['Oakmoss', 'Oak Moss'],
    cas: '90028-68-5',
    chemical: 'Evernia prunastri extract',
    basis: 'The oakmoss note is oakmoss (Evernia prunastri) extract, itself on the EU allergen list',
  },
  {
    notes: ['Treemoss', 'Tree Moss'],
    cas: '90028-67-4',
    chemical: 'Evernia furfuracea extract',
    basis: 'The treemoss note is treemoss (Evernia furfuracea) extract, itself on the EU allergen list',
  },
  { notes: ['Rose'], cas: '106-22-9', chemical: 'Citronellol', basis: ROSE },
  { notes: ['Rose'], cas: '106-24-1', chemical: 'Geraniol', basis: ROSE },
  { notes: ['Rose'], cas: '60-12-8', chemical: 'Phenethyl alcohol', basis: ROSE },
  { notes: ['Rose'], cas: '97-53-0', chemical: 'Eugenol', basis: ROSE },
  { notes: ['Jasmine', 'Jasmin'], cas: '140-11-4', chemical: 'Benzyl acetate', basis: JASMINE },
  { notes: ['Jasmine', 'Jasmin'], cas: '120-51-4', chemical: 'Benzyl benzoate', basis: JASMINE },
  { notes: ['Jasmine', 'Jasmin'], cas: '78-70-6', chemical: 'Linalool', basis: JASMINE },
  { notes: ['Cinnamon'], cas: '104-55-2', chemical: 'Cinnamal', basis: CINNAMON },
  { notes: ['Cinnamon'], cas: '97-53-0', chemical: 'Eugenol', basis: CINNAMON },
  { notes: ['Clove', 'Cloves'], cas: '97-53-0', chemical: 'Eugenol', basis: CLOVE },
  {
    notes: ['Vanilla'],
    cas: '121-33-5',
    chemical: 'Vanillin',
    basis: 'Vanillin is the main odorant of cured vanilla pods',
  },
  { notes: ['Bergamot'], cas: '5989-27-5', chemical: 'd-Limonene', basis: BERGAMOT },
  { notes: ['Bergamot'], cas: '78-70-6', chemical: 'Linalool', basis: BERGAMOT },
  { notes: ['Bergamot'], cas: '115-95-7', chemical: 'Linalyl acetate', basis: BERGAMOT },
  { notes: ['Lavender'], cas: '78-70-6', chemical: 'Linalool', basis: LAVENDER },
  { notes: ['Lavender'], cas: '115-95-7', chemical: 'Linalyl acetate', basis: LAVENDER },
  {
    notes: ['Lemon', 'Orange', 'Mandarin Orange', 'Tangerine', 'Grapefruit', 'Lime'],
    cas: '5989-27-5',
    chemical: 'd-Limonene',
    basis: CITRUS,
  },
  {
    notes: ['Lemon', 'Lime'],
    cas: '5392-40-5',
    chemical: 'Citral',
    basis: 'Citral gives lemon and lime peel oils their lemon character',
  },
  {
    notes: ['Neroli', 'Orange Blossom', 'Orange Flower'],
    cas: '78-70-6',
    chemical: 'Linalool',
    basis: 'Neroli and orange-flower materials (Citrus aurantium flowers): linalool is the main constituent',
  },
  {
    notes: ['Ylang-Ylang'],
    cas: '78-70-6',
    chemical: 'Linalool',
    basis: 'Ylang-ylang oil: linalool, benzyl benzoate, benzyl salicylate are main constituents',
  },
  {
    notes: ['Ylang-Ylang'],
    cas: '120-51-4',
    chemical: 'Benzyl benzoate',
    basis: 'Ylang-ylang oil: linalool, benzyl benzoate, benzyl salicylate are main constituents',
  },
  {
    notes: ['Ylang-Ylang'],
    cas: '118-58-1',
    chemical: 'Benzyl salicylate',
    basis: 'Ylang-ylang oil: linalool, benzyl benzoate, benzyl salicylate are main constituents',
  },
  {
    notes: ['Geranium'],
    cas: '106-22-9',
    chemical: 'Citronellol',
    basis: 'Geranium oil (Pelargonium graveolens): citronellol and geraniol are its main constituents',
  },
  {
    notes: ['Geranium'],
    cas: '106-24-1',
    chemical: 'Geraniol',
    basis: 'Geranium oil (Pelargonium graveolens): citronellol and geraniol are its main constituents',
  },
  {
    notes: ['Carnation'],
    cas: '97-53-0',
    chemical: 'Eugenol',
    basis: 'Eugenol is the main constituent of carnation absolute and of carnation accords',
  },
  {
    notes: ['Almond', 'Bitter Almond'],
    cas: '100-52-7',
    chemical: 'Benzaldehyde',
    basis: 'Benzaldehyde is the odorant of bitter almond oil',
  },
  {
    notes: ['Anise', 'Star Anise', 'Aniseed'],
    cas: '4180-23-8',
    chemical: 'trans-Anethole',
    basis: 'trans-Anethole is the main constituent of anise and star anise oils',
  },
  {
    notes: ['Lily-of-the-Valley', 'Muguet'],
    cas: '107-75-5',
    chemical: 'Hydroxycitronellal',
    basis:
      'Lily of the valley gives no usable oil; the note is built on muguet aldehydes such as hydroxycitronellal',
  },
  {
    notes: ['Heliotrope'],
    cas: '120-57-0',
    chemical: 'Heliotropin (piperonal)',
    basis: 'Heliotrope gives no usable oil; the note is built on heliotropin (piperonal)',
  },
  {
    notes: ['Violet'],
    cas: '127-41-3',
    chemical: 'alpha-Ionone',
    basis: 'Violet flowers give no commercial oil; the note is built on ionones',
  },
  {
    notes: ['Iris', 'Orris Root', 'Orris'],
    cas: '79-69-6',
    chemical: 'alpha-Irone',
    basis: 'Irones are the characteristic odorants of orris (Iris pallida / germanica rhizome)',
  },
  {
    notes: ['Patchouli'],
    cas: '5986-55-0',
    chemical: 'Patchoulol',
    basis: 'Patchoulol (patchouli alcohol) is the main constituent of patchouli oil',
  },
  {
    notes: ['Sandalwood'],
    cas: '11031-45-1',
    chemical: 'Santalol',
    basis: 'Santalols are the main constituents of sandalwood oil (Santalum album)',
  },
  {
    notes: ['Cedar', 'Cedarwood'],
    cas: '77-53-2',
    chemical: 'Cedrol',
    basis: 'Cedrol is a main constituent of cedarwood oils (Juniperus virginiana / Cupressus funebris)',
  },
  {
    notes: ['Benzoin'],
    cas: '120-51-4',
    chemical: 'Benzyl benzoate',
    basis: 'Benzoin resin: benzoic and cinnamic esters such as benzyl benzoate, with vanillin',
  },
  {
    notes: ['Benzoin'],
    cas: '121-33-5',
    chemical: 'Vanillin',
    basis: 'Benzoin resin: benzoic and cinnamic esters such as benzyl benzoate, with vanillin',
  },
  {
    notes: ['Peru Balsam', 'Balsam of Peru'],
    cas: '120-51-4',
    chemical: 'Benzyl benzoate',
    basis: 'Peru balsam is mostly benzyl benzoate and benzyl cinnamate',
  },
  {
    notes: ['Peru Balsam', 'Balsam of Peru'],
    cas: '103-41-3',
    chemical: 'Benzyl cinnamate',
    basis: 'Peru balsam is mostly benzyl benzoate and benzyl cinnamate',
  },
  {
    notes: ['Tolu Balsam'],
    cas: '120-51-4',
    chemical: 'Benzyl benzoate',
    basis: 'Tolu balsam: benzyl benzoate and benzyl cinnamate',
  },
  {
    notes: ['Tolu Balsam'],
    cas: '103-41-3',
    chemical: 'Benzyl cinnamate',
    basis: 'Tolu balsam: benzyl benzoate and benzyl cinnamate',
  },
  {
    notes: ['Tuberose'],
    cas: '93-58-3',
    chemical: 'Methyl benzoate',
    basis: 'Tuberose absolute: methyl benzoate, benzyl benzoate, methyl salicylate',
  },
  {
    notes: ['Tuberose'],
    cas: '120-51-4',
    chemical: 'Benzyl benzoate',
    basis: 'Tuberose absolute: methyl benzoate, benzyl benzoate, methyl salicylate',
  },
  {
    notes: ['Mint', 'Peppermint'],
    cas: '89-78-1',
    chemical: 'Menthol',
    basis: 'Menthol is the main constituent of peppermint oil',
  },
  {
    notes: ['Spearmint'],
    cas: '6485-40-1',
    chemical: 'l-Carvone',
    basis: 'l-Carvone is the main constituent of spearmint oil',
  },
  {
    notes: ['Eucalyptus'],
    cas: '470-82-6',
    chemical: '1,8-Cineole',
    basis: '1,8-Cineole (eucalyptol) is the main constituent of eucalyptus oil',
  },
  { notes: ['Camphor'], cas: '76-22-2', chemical: 'Camphor', basis: 'The camphor note is camphor' },
  {
    notes: ['Pine', 'Pine Tree', 'Pine Needles'],
    cas: '80-56-8',
    chemical: 'alpha-Pinene',
    basis: 'alpha-Pinene is the main constituent of pine needle oils',
  },
  {
    notes: ['Cumin'],
    cas: '122-03-2',
    chemical: 'Cuminaldehyde',
    basis: 'Cuminaldehyde is the characteristic odorant of cumin seed oil',
  },
  {
    notes: ['Citronella'],
    cas: '106-23-0',
    chemical: 'Citronellal',
    basis: 'Citronella oil: citronellal, geraniol, citronellol',
  },
  {
    notes: ['Litsea Cubeba', 'May Chang'],
    cas: '5392-40-5',
    chemical: 'Citral',
    basis: 'Litsea cubeba (may chang) oil is mostly citral',
  },
  {
    notes: ['Lemon Verbena', 'Verbena'],
    cas: '5392-40-5',
    chemical: 'Citral',
    basis: 'Lemon verbena (Aloysia citrodora) oil: citral is its main constituent',
  },
  { notes: ['Aldehydes'], cas: '112-31-2', chemical: 'Decanal', basis: ALDEHYDES },
  { notes: ['Aldehydes'], cas: '112-44-7', chemical: 'Undecanal', basis: ALDEHYDES },
  { notes: ['Aldehydes'], cas: '112-54-9', chemical: 'Dodecanal', basis: ALDEHYDES },
];
