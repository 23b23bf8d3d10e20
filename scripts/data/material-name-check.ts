/**
 * Names against CAS numbers across sources. Supplier composition rows whose constituent name and
 * CAS number name two different substances: DB_User_Materials's clary sage lists "D-LIMONENE"
 * under 87-44-5 (caryophyllene's CAS) beside "LIMONENE" under 5989-27-5, and "BETA-CARYOPHYLLENE"
 * under 91-64-5 (coumarin's): its rows are crossed, and such a row cannot say which substance it
 * means, so it is left out (neither name nor percentage is used). Its diluted products are checked
 * against its neat ones: "Aldehyde C-10 Decanal 10% in DPG" under 67634-00-8, the CAS number of its
 * neat "Allyl Amyl Glycolate", while its neat "Aldehyde C-10 Decanal" is 112-31-2, is a copied CAS
 * number. And Prop 65 listings without a CAS number that name a substance the other sources
 * identify.
 */
import { nameKey, withoutSupplier, withoutSupplierWords } from './chemical-accumulator.ts';
import type { MaterialConstituent } from './sources/naturals.ts';
import { listedSubstance, type Prop65Entry } from './sources/prop65.ts';

/** A name another source gives a CAS number. */
export interface KnownName {
  name: string | null;
  cas: readonly string[];
}

/** The names the identifying sources give CAS numbers, both ways round (names by `nameKey`). */
export interface KnownNameIndex {
  casByName: ReadonlyMap<string, ReadonlySet<string>>;
  namesByCas: ReadonlyMap<string, readonly string[]>;
}

export function knownNameIndex(known: readonly KnownName[]): KnownNameIndex {
  const casByName = new Map<string, Set<string>>();
  const namesByCas = new Map<string, string[]>();
  for (const k of known) {
    if (!k.name) continue;
    const key = nameKey(k.name);
    if (key === '') continue;
    for (const cas of k.cas) {
      casByName.set(key, (casByName.get(key) ?? new Set<string>()).add(cas));
      const names = namesByCas.get(cas) ?? [];
      names.push(k.name);
      namesByCas.set(cas, names);
    }
  }
  return { casByName, namesByCas };
}

/** Words of five letters or more: `beta-caryophyllene` → `caryophyllene`. */
function words(name: string): string[] {
  return name.toLowerCase().match(/\p{L}{5,}/gu) ?? [];
}

/**
 * Splits the rows into those kept and those whose name is another substance's: the name is a name
 * the other sources give a different CAS number, that CAS number is listed in the same material
 * too, the name is not one the sources give the row's own CAS number, and it shares no word of five
 * letters or more with the own CAS number's names (so `alpha-TERPINEOL` stays with an isomer of
 * terpineol and `Citronellol` with every citronellol). A product named after its one constituent
 * (`Tonalide from PW: Tonalide`, under another of the substance's CAS numbers) is kept, as is a
 * name no other source knows: nothing contradicts them.
 */
export function splitNameCasConflicts(
  rows: readonly MaterialConstituent[],
  known: KnownNameIndex,
): { kept: MaterialConstituent[]; conflicts: MaterialConstituent[] } {
  const { casByName, namesByCas } = known;
  const casInMaterial = new Map<string, Set<string>>();
  for (const row of rows) {
    const set = casInMaterial.get(row.material) ?? new Set<string>();
    for (const cas of row.ids.cas) set.add(cas);
    casInMaterial.set(row.material, set);
  }
  const copied = copiedDilutionCas(rows);
  const kept: MaterialConstituent[] = [];
  const conflicts: MaterialConstituent[] = [];
  for (const row of rows) {
    if (copied.has(row)) {
      conflicts.push(row);
      continue;
    }
    const owners = casByName.get(nameKey(row.constituent));
    const listed = casInMaterial.get(row.material)!;
    const conflict =
      owners !== undefined &&
      row.ids.cas.length > 0 &&
      // The substance the name names is listed in the same material under its own CAS number: the
      // material's rows are crossed (a product named after its one constituent is not).
      [...owners].some((cas) => listed.has(cas) && !row.ids.cas.includes(cas)) &&
      row.ids.cas.every((cas) => {
        if (owners.has(cas)) return false;
        const own = new Set((namesByCas.get(cas) ?? []).flatMap(words));
        return !words(row.constituent).some((w) => own.has(w));
      });
    (conflict ? conflicts : kept).push(row);
  }
  return { kept, conflicts };
}

/** A supplier product's name without the supplier; with `diluted`, also without its dilution. */
function productKey(material: string, diluted: boolean): string {
  const name = withoutSupplier(material);
  return nameKey(diluted ? (withoutSupplierWords(name) ?? name) : name);
}

/**
 * The rows of diluted products (`… 10% in DPG`) whose CAS number is not their neat product's but
 * another neat product's, of another name: the same supplier sells the neat substance under its
 * own CAS number, and the diluted one carries a neighbour's. A product here is a row naming the
 * product itself (`Aldehyde C-10 Decanal from PW: Aldehyde C-10 Decanal`), never a natural's
 * constituent. A dilution under another CAS number of the same substance (tuberose absolute,
 * ambrettolide, menthone) is kept: no neat product of another name has that number.
 */
function copiedDilutionCas(rows: readonly MaterialConstituent[]): Set<MaterialConstituent> {
  const product = rows.filter(
    (row) => productKey(row.material, true) === nameKey(withoutSupplierWords(row.constituent) ?? ''),
  );
  const neatCasByName = new Map<string, Set<string>>();
  const neatNamesByCas = new Map<string, Set<string>>();
  for (const row of product) {
    const key = productKey(row.material, false);
    if (key !== productKey(row.material, true) || key === '') continue;
    for (const cas of row.ids.cas) {
      neatCasByName.set(key, (neatCasByName.get(key) ?? new Set()).add(cas));
      neatNamesByCas.set(cas, (neatNamesByCas.get(cas) ?? new Set()).add(key));
    }
  }
  const out = new Set<MaterialConstituent>();
  for (const row of product) {
    const base = productKey(row.material, true);
    if (base === productKey(row.material, false) || row.ids.cas.length === 0) continue;
    const neat = neatCasByName.get(base);
    if (neat === undefined || row.ids.cas.some((cas) => neat.has(cas))) continue;
    const others = row.ids.cas.every((cas) => {
      const names = neatNamesByCas.get(cas);
      return names !== undefined && !names.has(base);
    });
    if (others) out.add(row);
  }
  return out;
}

/**
 * Prop 65 listings without a CAS number whose name, once the listing's scope is set aside
 * (`listingScope`), is a name the other sources give a CAS number: OEHHA writes "---" for
 * "Titanium dioxide (airborne, unbound particles of respirable size)", a listing of the substance
 * in one form, and CosIng's TITANIUM DIOXIDE is 13463-67-7. The listing takes those CAS numbers and
 * keeps its name, so its scope is still shown. A listing without a scope (a group such as "Lead and
 * lead compounds") or with a name no source knows keeps no CAS number.
 */
export function prop65CasByName(
  entries: readonly Prop65Entry[],
  known: KnownNameIndex,
): { entries: Prop65Entry[]; linked: string[] } {
  const linked: string[] = [];
  const out = entries.map((e) => {
    const substance = listedSubstance(e.name);
    if (e.ids.cas.length > 0 || substance === e.name) return e;
    const cas = known.casByName.get(nameKey(substance));
    if (cas === undefined) return e;
    const sorted = [...cas].sort();
    linked.push(`${e.name} (${sorted.join(', ')})`);
    return { ...e, ids: { ...e.ids, cas: sorted } };
  });
  return { entries: out, linked };
}
