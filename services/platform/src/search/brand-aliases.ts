/**
 * Brand aliases people type instead of a brand's catalogue name: initials ("YSL"), the "&" spelled
 * out, and older names of renamed houses. Each entry maps the alias, as normalised text, to the
 * words of the brand as the catalogue spells it (normalised). Words a brand name already holds
 * ("gaultier", "kilian") need no entry: every brand word matches on its own. Reviewed by hand against the
 * catalogue's brand list: an alias is only listed when it names one brand and is not itself a
 * common word of perfume names.
 */
export const BRAND_ALIASES: Readonly<Record<string, string>> = {
  ysl: 'yves saint laurent',
  'd g': 'dolce gabbana',
  dg: 'dolce gabbana',
  'dolce and gabbana': 'dolce gabbana',
  jpg: 'jean paul gaultier',
  mfk: 'maison francis kurkdjian',
  ck: 'calvin klein',
  cdg: 'comme des garcons',
  'thierry mugler': 'mugler',
  'paco rabanne': 'rabanne',
  bulgari: 'bvlgari',
  'viktor and rolf': 'viktor rolf',
  'abercrombie and fitch': 'abercrombie fitch',
  bbw: 'bath body works',
  'bath and body works': 'bath body works',
  'victorias secret': 'victoria s secret',
  pdm: 'parfums de marly',
  tf: 'tom ford',
  vca: 'van cleef arpels',
  adp: 'acqua di parma',
};
