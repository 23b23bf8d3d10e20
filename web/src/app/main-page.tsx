import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchTracking } from '../features/analytics/hooks.ts';
import { useChemicalsByStatus } from '../features/chemicals/api/get-chemicals-by-status.ts';
import type { ChemicalRef } from '../features/chemicals/components/chemical-detail-dialog.tsx';
import { ChemicalStatusResults } from '../features/chemicals/components/chemical-status-results.tsx';
import { RegulatoryPanel } from '../features/chemicals/components/regulatory-panel.tsx';
import {
  DEFAULT_LIST_PARAMS,
  type PerfumeListParams,
  usePerfumeList,
  usePerfumeTotal,
} from '../features/perfumes/api/get-perfumes.ts';
import type { PerfumePage } from '../features/perfumes/api/perfume-normalize.ts';
import {
  DataCompletenessPanel,
  type ListMode,
} from '../features/perfumes/components/data-completeness-panel.tsx';
import { PerfumeGrid } from '../features/perfumes/components/perfume-grid.tsx';
import { SearchBar } from '../features/perfumes/components/search-bar.tsx';
import { useAllergenProfile } from '../lib/allergen-profile.ts';
import { expandProfileIds } from '../lib/allergen-profile-ids.ts';
import { type ChemicalClickSource, trackChemicalClick, trackPageView } from '../lib/usage-tracker.ts';
import type { Chemical } from '../types/api.ts';
import type { MainView } from './app-url.ts';
import { DialogHost, type LocalDialog } from './dialog-host.tsx';
import { MainToolbar } from './main-toolbar.tsx';
import { withProfileExcluded } from './profile-filters.ts';
import { useSearchState } from './use-search-state.ts';

const HYPOALLERGENIC_ALERT_DELAY_MS = 1000;

export function MainPage({ view }: { view: MainView }) {
  const { t } = useTranslation();
  const state = useSearchState(view);
  const { search, statusSearch, filterCount } = state;
  const { brand, category, filters } = view;
  const [dialog, setDialog] = useState<LocalDialog>(null);
  const profile = useAllergenProfile();

  const effectiveFilters = useMemo(
    () =>
      profile.safeForMe
        ? withProfileExcluded(
            filters,
            profile.items.map((item) => item.id),
          )
        : filters,
    [filters, profile.safeForMe, profile.items],
  );
  // "Safe for me" lists only perfumes whose contents are known (a label list, or every note
  // resolved) unless the visitor opts in to incomplete data; the count left out is shown.
  const [includeIncomplete, setIncludeIncomplete] = useState(false);
  const safeStrict = profile.safeForMe && profile.items.length > 0 && !includeIncomplete;
  const params: PerfumeListParams = useMemo(
    () => ({
      ...DEFAULT_LIST_PARAMS,
      search,
      brand,
      category: safeStrict && (category === '' || category === 'unspecific') ? 'complete' : category,
      filters: effectiveFilters,
      includeUnspecific: state.appliedIncludeUnspecific,
      // Each card then says which of the visitor's allergens it links.
      // Patch-test entries (fragrance mixes, naturals) are asked for as their constituents.
      flagChemicals: expandProfileIds(profile.items.map((item) => item.id)).map(String),
    }),
    [search, brand, category, effectiveFilters, state.appliedIncludeUnspecific, safeStrict, profile.items],
  );
  const list = usePerfumeList(params, statusSearch === null);
  const everyKnowledge = usePerfumeTotal(
    { ...params, category: category === 'unspecific' ? 'unspecific' : '' },
    statusSearch === null && safeStrict && category !== 'hypoallergenic',
  );
  const leftOut =
    safeStrict && everyKnowledge.data != null && list.data?.pages[0]?.total != null
      ? Math.max(0, everyKnowledge.data - list.data.pages[0].total)
      : null;
  const pages = list.data?.pages ?? [];
  const perfumes = useMemo(() => pages.flatMap((page) => page.perfumes), [pages]);
  const firstPage: PerfumePage | undefined = pages[0];
  // The same query as ChemicalStatusResults' (shared cache): its count is what a keyword search found.
  const statusResults = useChemicalsByStatus(statusSearch);
  useSearchTracking(
    state.searchRun,
    state.searchRun?.category === 'chemical'
      ? (statusResults.data?.resultsFound ?? null)
      : list.isSuccess
        ? (firstPage?.total ?? perfumes.length)
        : null,
  );

  const mode: ListMode = view.includeUnspecific ? 'including' : state.active ? 'all' : 'fast';

  // Hypoallergenic category: clean-brand answer or no perfumes → alert after 1 s.
  const handledPage = useRef<PerfumePage | undefined>(undefined);
  useEffect(() => {
    if (category !== 'hypoallergenic') {
      handledPage.current = undefined;
      return;
    }
    if (!firstPage || handledPage.current === firstPage) return;
    if (!firstPage.cleanBrands && firstPage.perfumes.length > 0) {
      handledPage.current = firstPage;
      console.info('Hypoallergenic analysis', {
        perfumes: firstPage.perfumes.length,
        total: firstPage.total,
        hypoallergenic: firstPage.perfumes.filter((perfume) => perfume.hypoallergenic).length,
      });
      return;
    }
    const research = firstPage.cleanBrands;
    const timer = setTimeout(() => {
      handledPage.current = firstPage;
      setDialog({ kind: 'clean-brands', research });
    }, HYPOALLERGENIC_ALERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [category, firstPage]);

  // What a click knew about the chemical (CAS, allergen, concentration) enriches the dialog the
  // address opens; a shared address has only the id and name, and the dialog looks the rest up.
  const [knownChemical, setKnownChemical] = useState<ChemicalRef | null>(null);
  const openChemical = (chemical: ChemicalRef, source: ChemicalClickSource) => {
    void trackChemicalClick(chemical.id ?? chemical.name, chemical.name, source);
    setKnownChemical(chemical);
    state.openChemical({ id: String(chemical.id ?? chemical.name), name: chemical.name });
  };
  const openListedChemical = (chemical: Chemical, source: ChemicalClickSource) =>
    openChemical(
      {
        id: chemical.id,
        name: chemical.name,
        cas_number: chemical.cas_number ?? null,
        allergen: Boolean(chemical.allergen_flag),
        verified: Boolean(chemical.verified),
      },
      source,
    );
  const linkedChemical: ChemicalRef | null = view.chemical
    ? knownChemical && String(knownChemical.id ?? knownChemical.name) === view.chemical.id
      ? knownChemical
      : { id: view.chemical.id, name: view.chemical.name }
    : null;

  const closeDialog = () => setDialog(null);
  const loadMoreFailed = list.isFetchNextPageError;
  useEffect(() => {
    if (loadMoreFailed) console.error('Loading more perfumes failed', list.error);
  }, [loadMoreFailed, list.error]);

  return (
    <>
      <SearchBar
        value={state.searchInput}
        onChange={state.setSearchInput}
        onSubmit={state.runSearch}
        brand={brand}
        onBrandChange={state.setBrand}
        onBrandPick={state.pickBrand}
        onScan={() => setDialog({ kind: 'scanner' })}
      />
      <DataCompletenessPanel category={category} onCategoryChange={state.setCategory} mode={mode} />
      <RegulatoryPanel
        onChemicalClick={(chemical) => openListedChemical(chemical, 'regulatory')}
        onRegionViewed={(code) => void trackPageView(`/regions/${code}`)}
      />
      <MainToolbar
        filterCount={filterCount}
        profileCount={profile.items.length}
        safeForMe={profile.safeForMe}
        onSafeForMeChange={profile.setSafeForMe}
        includeIncomplete={includeIncomplete}
        onIncludeIncompleteChange={setIncludeIncomplete}
        leftOut={leftOut}
        active={state.active}
        onOpenFilters={() => setDialog({ kind: 'filters' })}
        onOpenProfile={() => setDialog({ kind: 'allergens' })}
        onOpenManager={() => setDialog({ kind: 'manager' })}
        onOpenBulk={() => setDialog({ kind: 'bulk' })}
        onResetAll={state.resetAll}
      />

      {statusSearch ? (
        <ChemicalStatusResults
          status={statusSearch}
          onChemicalClick={(chemical) => openListedChemical(chemical, 'search')}
          onReset={state.resetAll}
        />
      ) : list.isLoading ? (
        <p className="panel" role="status" data-testid="results-loading">
          {t('grid.searching')}
        </p>
      ) : list.isError && perfumes.length === 0 ? (
        <section className="empty-state" role="alert" data-testid="results-error">
          <h2 className="empty-state__title">{t('common.errorOccurred')}</h2>
          <p className="muted">{t('common.tryLater')}</p>
          <button type="button" className="button button--primary" onClick={() => void list.refetch()}>
            {t('error.tryAgain')}
          </button>
        </section>
      ) : (
        <PerfumeGrid
          perfumes={perfumes}
          total={firstPage?.total ?? null}
          hasNextPage={Boolean(list.hasNextPage)}
          loadingMore={list.isFetchingNextPage}
          loadMoreFailed={loadMoreFailed && !list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          allergenProfile={profile.items}
          safeForMe={profile.safeForMe}
          highlightedPerfume={view.perfume}
          onShowPerfume={state.showPerfume}
          perfumeHref={state.perfumeHref}
          onChemicalClick={(chemical, perfume) =>
            openChemical(
              {
                id: chemical.id,
                name: chemical.name,
                cas_number: chemical.cas_number,
                allergen: chemical.allergen,
                verified: chemical.verified,
                concentration_min: chemical.concentration_min,
                concentration_max: chemical.concentration_max,
                perfume,
              },
              'perfume_card',
            )
          }
          onNeedsEnhancement={(perfume) => setDialog({ kind: 'assign', perfume })}
          onResetFilters={state.resetAll}
        />
      )}

      <DialogHost
        dialog={dialog}
        onClose={closeDialog}
        filters={filters}
        includeUnspecific={view.includeUnspecific}
        onIncludeUnspecificChange={state.setIncludeUnspecific}
        onApplyFilters={state.setFilters}
        profile={profile}
        chemical={linkedChemical}
        onCloseChemical={state.closeChemical}
        onOpenChemical={(chemical) => openChemical(chemical, 'cas_modal')}
        cas={view.cas}
        onCloseCas={state.closeCas}
      />
    </>
  );
}
