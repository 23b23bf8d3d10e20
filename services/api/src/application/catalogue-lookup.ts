import type { ChemicalRef } from '@scentinel/domain';
import type { CatalogueLookup } from './deps.ts';

/** The part of the catalogue search index (`SearchIndex` in `@scentinel/platform`) the lookups use. */
export interface CatalogueIndexLike {
  readonly chemicals: {
    get(id: string): { id: string; name: string; cas_number: string | null } | null;
    findByCas(cas: string): { id: string }[];
    /** Ids named by an id, a CAS number or a (INCI) name. */
    resolve(ref: string): string[];
  };
  chemicalUsage(
    chemicalId: string,
    sampleSize: number,
  ): Promise<{ total_perfumes: number; sample_perfumes: { id: string }[] }>;
}

/** `CatalogueLookup` over the catalogue search index. */
export function catalogueLookupFromIndex(index: CatalogueIndexLike): CatalogueLookup {
  return {
    async chemicalsNamedOrWithCas(name, cas) {
      const ids = new Set<string>();
      if (name !== null && name.trim() !== '') for (const id of index.chemicals.resolve(name)) ids.add(id);
      if (cas !== null && cas.trim() !== '') for (const c of index.chemicals.findByCas(cas)) ids.add(c.id);
      const refs: ChemicalRef[] = [];
      for (const id of ids) {
        const c = index.chemicals.get(id);
        if (c) refs.push({ id: c.id, name: c.name, cas_number: c.cas_number });
      }
      return refs;
    },
    async perfumesLinkingChemical(chemicalId) {
      const { total_perfumes } = await index.chemicalUsage(chemicalId, 0);
      if (total_perfumes === 0) return [];
      const all = await index.chemicalUsage(chemicalId, total_perfumes);
      return all.sample_perfumes.map((p) => p.id);
    },
  };
}
