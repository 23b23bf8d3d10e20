import { lazy, Suspense } from 'react';
import type { ChemicalRef } from '../features/chemicals/components/chemical-detail-dialog.tsx';
import type { CleanBrandResearch, Perfume } from '../features/perfumes/api/perfume-normalize.ts';
import { CleanBrandsDialog } from '../features/perfumes/components/clean-brands-dialog.tsx';
import type { AllergenProfileItem, PerfumeFilters } from '../types/api.ts';

const AdvancedFiltersDialog = lazy(
  () => import('../features/filters/components/advanced-filters-dialog.tsx'),
);
const CasResultsModal = lazy(() => import('../features/chemicals/components/cas-results-modal.tsx'));
const ChemicalDetailDialog = lazy(
  () => import('../features/chemicals/components/chemical-detail-dialog.tsx'),
);
const AllergenProfileDialog = lazy(
  () => import('../features/allergen-profile/components/allergen-profile-dialog.tsx'),
);
const QuickAssignDialog = lazy(() => import('../features/assignments/components/quick-assign-dialog.tsx'));
const ChemicalManagerDialog = lazy(
  () => import('../features/curation/components/chemical-manager-dialog.tsx'),
);
const BulkAssignDialog = lazy(() => import('../features/curation/components/bulk-assign-dialog.tsx'));
const ScannerDialog = lazy(() => import('../features/scanner/components/scanner-dialog.tsx'));

/** The main page's dialogs that live only in memory (chemical and CAS dialogs are in the address). */
export type LocalDialog =
  | { kind: 'filters' }
  | { kind: 'allergens' }
  | { kind: 'scanner' }
  | { kind: 'clean-brands'; research: CleanBrandResearch | null }
  | { kind: 'assign'; perfume: Perfume }
  | { kind: 'manager' }
  | { kind: 'bulk' }
  | null;

type DialogHostProps = {
  dialog: LocalDialog;
  onClose: () => void;
  filters: PerfumeFilters;
  includeUnspecific: boolean;
  onIncludeUnspecificChange: (on: boolean) => void;
  onApplyFilters: (filters: PerfumeFilters) => void;
  profile: {
    items: AllergenProfileItem[];
    toggle: (item: AllergenProfileItem) => void;
    clear: () => void;
  };
  chemical: ChemicalRef | null;
  onCloseChemical: () => void;
  /** Opens another chemical's detail from inside a chemical dialog (a natural material it occurs in). */
  onOpenChemical: (chemical: ChemicalRef) => void;
  cas: string | null;
  onCloseCas: () => void;
};

/** Renders whichever dialog is open; each dialog's code is fetched when it first opens. */
export function DialogHost({
  dialog,
  onClose,
  filters,
  includeUnspecific,
  onIncludeUnspecificChange,
  onApplyFilters,
  profile,
  chemical,
  onCloseChemical,
  onOpenChemical,
  cas,
  onCloseCas,
}: DialogHostProps) {
  return (
    <>
      <Suspense fallback={null}>
        {dialog?.kind === 'filters' ? (
          <AdvancedFiltersDialog
            filters={filters}
            includeUnspecific={includeUnspecific}
            onIncludeUnspecificChange={onIncludeUnspecificChange}
            onApply={(next) => {
              onApplyFilters(next);
              onClose();
            }}
            onClose={onClose}
          />
        ) : null}
        {dialog?.kind === 'allergens' ? (
          <AllergenProfileDialog
            selected={profile.items}
            onToggle={profile.toggle}
            onClear={profile.clear}
            onClose={onClose}
          />
        ) : null}
        {dialog?.kind === 'assign' ? (
          <QuickAssignDialog
            perfume={{
              id: dialog.perfume.id,
              name: dialog.perfume.name,
              chemicals: dialog.perfume.chemicals.flatMap((c) =>
                c.kind === 'declared' && c.id !== null ? [{ id: c.id, name: c.name }] : [],
              ),
            }}
            onClose={onClose}
          />
        ) : null}
        {dialog?.kind === 'manager' ? <ChemicalManagerDialog onClose={onClose} /> : null}
        {dialog?.kind === 'bulk' ? <BulkAssignDialog onClose={onClose} /> : null}
        {dialog?.kind === 'scanner' ? <ScannerDialog onClose={onClose} /> : null}
        {cas ? <CasResultsModal cas={cas} onClose={onCloseCas} onOpenChemical={onOpenChemical} /> : null}
        {chemical ? (
          // A new chemical is a new dialog: it takes the focus as a freshly opened one does.
          <ChemicalDetailDialog
            key={String(chemical.id ?? chemical.name)}
            chemical={chemical}
            onClose={onCloseChemical}
            onOpenChemical={onOpenChemical}
          />
        ) : null}
      </Suspense>
      {dialog?.kind === 'clean-brands' ? (
        <CleanBrandsDialog research={dialog.research} onClose={onClose} />
      ) : null}
    </>
  );
}
