import { ARCTANDER, C, type Entry, entry, GLOSSARY, rendering, TY } from './shared.ts';

/** Floral materials. */
export const FLORALS: readonly Entry[] = [
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
    [C.linalool, C.linalylAcetate, C.camphor, C.cineole, ['8022-15-9', 'Lavandin oil']],
    ['Lavandin grosso oil', 'Lavandin oil'],
  ),
  entry(
    ['geranium'],
    'ISO 4731, oil of geranium (Pelargonium graveolens): citronellol, geraniol, citronellyl formate, linalool, isomenthone',
    [C.citronellol, C.geraniol, C.linalool, ['8000-46-2', 'Geranium oil']],
    ['Geranium oil', 'Geranium Essential Oil from PW', 'Geranium Bourbon Essential Oil from PW'],
  ),
  rendering(
    entry(
      ['violet'],
      'Violet flowers give no commercial oil; the violet note is built on ionones and methyl ionones (IFRA glossary 2019: "Floral, Violet" for alpha- and beta-ionone)',
      [C.aIonone, C.bIonone, C.methylIonone],
    ),
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
    [C.benzylAcetate, C.benzylBenzoate, ['68917-12-4', 'Narcissus poeticus absolute']],
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
  rendering(
    entry(
      ['heliotrope'],
      'Heliotrope gives no usable oil; the note is built on heliotropin (piperonal) (IFRA glossary 2019: "Anisic, Floral, Powdery")',
      [C.heliotropin],
    ),
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
  rendering(
    entry(
      ['lilac'],
      'Lilac gives no usable oil; the note is built on alpha-terpineol, which The Good Scents Company data (pyrfume copy, 2022) describe as "terpene, lilac, floral, woody, pine, citrus"',
      [C.terpineol],
    ),
  ),
  rendering(
    entry(
      ['linden blossom'],
      `${ARCTANDER}, linden blossom (Tilia) absolute: farnesol and linalool; the note is mostly reconstituted with hydroxycitronellal`,
      [C.farnesol, C.linalool, C.hydroxycitronellal],
    ),
    [C.hydroxycitronellal],
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
];
