/** The chemicals and references that several note families share. */

export type Chem = readonly [cas: string, chemical: string];

export const C = {
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

export interface Entry {
  notes: readonly string[];
  basis: string;
  chems: readonly Chem[];
  materials?: readonly string[];
  /**
   * CAS numbers of linked molecules that render the note in perfumery but are not said to occur in
   * the material (violet notes are built on ionones; linden blossom is reconstituted with
   * hydroxycitronellal): the note links them, but the material is not said to contain them.
   */
  rendered?: readonly string[];
}

/** An entry whose linked molecules (all, or the ones given) render the note rather than occur in the material. */
export function rendering(e: Entry, chems: readonly Chem[] = e.chems): Entry {
  return { ...e, rendered: chems.map(([cas]) => cas) };
}

export function entry(
  notes: readonly string[],
  basis: string,
  chems: readonly Chem[],
  materials?: readonly string[],
): Entry {
  return materials ? { notes, basis, chems, materials } : { notes, basis, chems };
}

/** A reference shared by several notes. */
export const TY = 'Tisserand R, Young R. Essential Oil Safety, 2nd ed. (Churchill Livingstone, 2014)';
export const ARCTANDER = 'Arctander S. Perfume and Flavor Materials of Natural Origin (1960)';
export const GLOSSARY = 'IFRA Fragrance Ingredient Glossary (2019)';
