import { type AccordMolecule, M } from './accord-molecules.ts';

/**
 * Accord notes (musk, amber, leather, aquatic, fruit, gourmand, …): the molecules that render
 * them.
 */
export interface Accord {
  notes: readonly string[];
  /** Why these molecules render the note. */
  why: string;
  molecules: readonly AccordMolecule[];
}

export const ACCORDS: readonly Accord[] = [
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
