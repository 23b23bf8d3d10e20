/**
 * What approving a contribution does to the catalogue (approving applies the contributed
 * data as events): a pure plan the caller runs after `ContributionApproved` is stored. Each
 * contributed chemical is matched to a live chemical by CAS number, else by name
 * (case/accent-insensitive); unmatched ones become new chemicals (`AddChemical` with the
 * contribution's id, so `ChemicalAdded.source` is `contribution`). Then one `AssignChemicals`
 * (add, source `contribution`) links them all, with the contributed concentrations, to the perfume.
 */
import type { AddChemical, ChemicalRef } from '../chemicals/chemicals.decide.ts';
import type { AssignChemicals } from '../perfumes/perfumes.decide.ts';
import { uniqueNameKey } from '../shared/validation.ts';
import type { ContributionApproved, ContributionEntry } from './contributions.events.ts';

export interface ContributionApprovalPlan {
  /** Run first, each on the stream `chemical:<chemical_id>` (expected version 0). */
  addChemicals: AddChemical[];
  /** Then on `perfume:<perfume_id>`, with `knownChemicals` below in the context. */
  assignment: AssignChemicals;
  knownChemicals: Record<string, { name: string }>;
}

/**
 * @param existing live chemicals from the read model whose CAS or name equals a contributed one
 * @param newChemicalIds fresh ids, one per `chemical_data` entry (used only for unmatched entries)
 */
export function planContributionApproval(
  approved: ContributionApproved['data'],
  existing: readonly ChemicalRef[],
  newChemicalIds: readonly string[],
): ContributionApprovalPlan {
  const byCas = new Map<string, ChemicalRef>();
  const byName = new Map<string, ChemicalRef>();
  const remember = (ref: ChemicalRef) => {
    if (ref.cas_number !== null && !byCas.has(ref.cas_number)) byCas.set(ref.cas_number, ref);
    const key = uniqueNameKey(ref.name);
    if (!byName.has(key)) byName.set(key, ref);
  };
  existing.forEach(remember);

  const addChemicals: AddChemical[] = [];
  const links = new Map<string, { ref: ChemicalRef; entry: ContributionEntry }>();
  approved.chemical_data.forEach((entry, index) => {
    let ref =
      (entry.cas_number !== null ? byCas.get(entry.cas_number) : undefined) ??
      byName.get(uniqueNameKey(entry.name));
    if (!ref) {
      const id = newChemicalIds[index];
      if (id === undefined)
        throw new Error(`planContributionApproval: no new chemical id for entry ${index}`);
      addChemicals.push(addCommand(id, entry, approved.contribution_id));
      ref = { id, name: entry.name, cas_number: entry.cas_number };
      remember(ref);
    }
    if (!links.has(ref.id)) links.set(ref.id, { ref, entry });
  });

  const knownChemicals: Record<string, { name: string }> = {};
  for (const { ref } of links.values()) knownChemicals[ref.id] = { name: ref.name };
  return {
    addChemicals,
    assignment: {
      type: 'AssignChemicals',
      data: {
        perfume_id: approved.perfume_id,
        assignment_type: 'add',
        source: 'contribution',
        source_id: approved.contribution_id,
        chemicals: [...links.values()].map(({ ref, entry }) => ({
          chemical_id: ref.id,
          concentration_min: entry.concentration_min,
          concentration_max: entry.concentration_max,
        })),
      },
    },
    knownChemicals,
  };
}

function addCommand(chemicalId: string, entry: ContributionEntry, contributionId: string): AddChemical {
  const status = entry.regulatory_status?.trim().toLowerCase();
  const regulatory = status === 'prohibited' || status === 'restricted' ? status : null;
  return {
    type: 'AddChemical',
    data: {
      chemical_id: chemicalId,
      contribution_id: contributionId,
      name: entry.name,
      type: entry.type,
      cas_number: entry.cas_number,
      inci_name: entry.inci_name,
      description: entry.description,
      allergen_flag: entry.allergen_flag,
      prohibited: regulatory === 'prohibited',
      restricted: regulatory === 'restricted',
      regulatory_status: regulatory,
    },
  };
}
