import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllergenProfile } from '../features/allergen-profile/allergen-profile.ts';
import { type SearchRun, useSearchTracking } from '../features/analytics/hooks.ts';
import { useChemicals } from '../features/chemicals/api/get-chemicals.ts';
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
import type { CleanBrandResearch, Perfume, PerfumePage } from '../features/perfumes/api/perfume-normalize.ts';
import { CleanBrandsDialog } from '../features/perfumes/components/clean-brands-dialog.tsx';
import {
  DataCompletenessPanel,
  type ListMode,
} from '../features/perfumes/components/data-completeness-panel.tsx';
import { PerfumeGrid } from '../features/perfumes/components/perfume-grid.tsx';
import { SearchBar } from '../features/perfumes/components/search-bar.tsx';
import { classifySearch, type SearchStatus } from '../lib/search-mode.ts';
import { type ChemicalClickSource, trackChemicalClick, trackPageView } from '../lib/usage-tracker.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import {
  activeFilterCount,
  type Chemical,
  type DataCategory,
  EMPTY_FILTERS,
  type PerfumeFilters,
} from '../types/api.ts';
import { withProfileExcluded } from './profile-filters.ts';

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

const HYPOALLERGENIC_ALERT_DELAY_MS = 1000;
const INCLUDE_UNSPECIFIC_DELAY_MS = 100;

type Dialog =
  | { kind: 'filters' }
  | { kind: 'allergens' }
  | { kind: 'scanner' }
  | { kind: 'cas'; cas: string }
  | { kind: 'chemical'; chemical: ChemicalRef }
  | { kind: 'clean-brands'; research: CleanBrandResearch | null }
  | { kind: 'assign'; perfume: Perfume }
  | { kind: 'manager' }
  | { kind: 'bulk' }
  | null;

export function MainPage() {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [statusSearch, setStatusSearch] = useState<SearchStatus | null>(null);
  const [brand, setBrand] = useState('');
  const [category, setCategory] = useState<DataCategory>('');
  const [filters, setFilters] = useState<PerfumeFilters>(EMPTY_FILTERS);
  const [includeUnspecific, setIncludeUnspecific] = useState(false);
  const appliedIncludeUnspecific = useDebouncedValue(includeUnspecific, INCLUDE_UNSPECIFIC_DELAY_MS);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [searchRun, setSearchRun] = useState<SearchRun | null>(null);
  const profile = useAllergenProfile();
  const needChemicals =
    dialog?.kind === 'filters' ||
    dialog?.kind === 'allergens' ||
    dialog?.kind === 'assign' ||
    dialog?.kind === 'manager' ||
    dialog?.kind === 'bulk';
  const chemicals = useChemicals(needChemicals);
  const chemicalList = {
    items: chemicals.data ?? [],
    loading: chemicals.isLoading,
    failed: chemicals.isError,
  };

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
      includeUnspecific: appliedIncludeUnspecific,
    }),
    [search, brand, category, effectiveFilters, appliedIncludeUnspecific, safeStrict],
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
    searchRun,
    searchRun?.category === 'chemical'
      ? (statusResults.data?.resultsFound ?? null)
      : list.isSuccess
        ? (firstPage?.total ?? perfumes.length)
        : null,
  );

  const filterCount = activeFilterCount(filters);
  const active = Boolean(search || brand || category || filterCount > 0 || statusSearch);
  const mode: ListMode = includeUnspecific ? 'including' : active ? 'all' : 'fast';

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

  const runSearch = (value: string) => {
    const parsed = classifySearch(value);
    switch (parsed.kind) {
      case 'empty':
        setSearch('');
        setStatusSearch(null);
        break;
      case 'status':
        setStatusSearch(parsed.status);
        setSearchRun((run) => ({ id: (run?.id ?? 0) + 1, query: value.trim(), category: 'chemical' }));
        break;
      case 'cas':
        setDialog({ kind: 'cas', cas: parsed.cas });
        break;
      case 'text':
        setStatusSearch(null);
        setSearch(parsed.query);
        setSearchRun((run) => ({ id: (run?.id ?? 0) + 1, query: parsed.query, category: 'perfume' }));
        break;
    }
  };

  const resetAll = () => {
    setSearchInput('');
    setSearch('');
    setStatusSearch(null);
    setBrand('');
    setCategory('');
    setFilters(EMPTY_FILTERS);
    setIncludeUnspecific(false);
  };

  const openChemical = (chemical: ChemicalRef, source: ChemicalClickSource) => {
    void trackChemicalClick(chemical.id ?? chemical.name, chemical.name, source);
    setDialog({ kind: 'chemical', chemical });
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

  const closeDialog = () => setDialog(null);

  return (
    <>
      <SearchBar
        value={searchInput}
        onChange={setSearchInput}
        onSubmit={runSearch}
        brand={brand}
        onBrandChange={setBrand}
        onScan={() => setDialog({ kind: 'scanner' })}
      />
      <DataCompletenessPanel category={category} onCategoryChange={setCategory} mode={mode} />
      <RegulatoryPanel
        onChemicalClick={(chemical) => openListedChemical(chemical, 'regulatory')}
        onRegionViewed={(code) => void trackPageView(`/regions/${code}`)}
      />
      <div className="toolbar" role="toolbar" aria-label={t('actions.label')}>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({ kind: 'filters' })}
          data-testid="open-filters"
        >
          {t('filters.open')}
          {filterCount > 0 ? (
            <span className="badge badge--info" data-testid="active-filter-count">
              <span aria-hidden="true">{filterCount}</span>
              <span className="visually-hidden">{t('filters.activeCount', { n: filterCount })}</span>
            </span>
          ) : null}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({ kind: 'allergens' })}
          data-testid="open-allergen-profile"
        >
          {t('allergenProfile.open')}
          {profile.items.length > 0 ? (
            <span className="badge badge--danger">{profile.items.length}</span>
          ) : null}
        </button>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={profile.safeForMe}
            checked={profile.safeForMe}
            disabled={profile.items.length === 0}
            onChange={(event) => profile.setSafeForMe(event.target.checked)}
            data-testid="safe-for-me"
          />
          <span>{t('allergenProfile.safeForMe')}</span>
        </label>
        {profile.safeForMe && profile.items.length > 0 ? (
          <label className="switch">
            <input
              type="checkbox"
              checked={includeIncomplete}
              onChange={(event) => setIncludeIncomplete(event.target.checked)}
              data-testid="include-incomplete"
            />
            <span>{t('evidence.includeIncomplete')}</span>
          </label>
        ) : null}
        {leftOut !== null && leftOut > 0 ? (
          <p className="muted" role="status" data-testid="incomplete-left-out">
            {t('evidence.leftOut', { count: leftOut })}
          </p>
        ) : null}
        {/* Offered to everyone; the server refuses non-admins and the dialog shows why. */}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({ kind: 'manager' })}
          data-testid="open-chemical-manager"
        >
          {t('curation.openManager')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({ kind: 'bulk' })}
          data-testid="open-bulk-assign"
        >
          {t('curation.openBulk')}
        </button>
        {active ? (
          <button type="button" className="button button--danger" onClick={resetAll} data-testid="reset-all">
            {t('actions.resetAll')}
          </button>
        ) : null}
      </div>

      {statusSearch ? (
        <ChemicalStatusResults
          status={statusSearch}
          onChemicalClick={(chemical) => openListedChemical(chemical, 'search')}
          onReset={resetAll}
        />
      ) : list.isLoading ? (
        <p className="panel" role="status" data-testid="results-loading">
          {t('grid.searching')}
        </p>
      ) : list.isError ? (
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
          onLoadMore={() => void list.fetchNextPage()}
          allergenProfile={profile.items}
          safeForMe={profile.safeForMe}
          onChemicalClick={(chemical) =>
            openChemical(
              {
                id: chemical.id,
                name: chemical.name,
                cas_number: chemical.cas_number,
                allergen: chemical.allergen,
                verified: chemical.verified,
              },
              'perfume_card',
            )
          }
          onNeedsEnhancement={(perfume) => setDialog({ kind: 'assign', perfume })}
          onResetFilters={resetAll}
        />
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'filters' ? (
          <AdvancedFiltersDialog
            filters={filters}
            includeUnspecific={includeUnspecific}
            chemicals={chemicalList}
            onIncludeUnspecificChange={setIncludeUnspecific}
            onApply={(next) => {
              setFilters(next);
              closeDialog();
            }}
            onClose={closeDialog}
          />
        ) : null}
        {dialog?.kind === 'allergens' ? (
          <AllergenProfileDialog
            chemicals={chemicalList}
            selected={profile.items}
            onToggle={profile.toggle}
            onClear={profile.clear}
            onClose={closeDialog}
          />
        ) : null}
        {dialog?.kind === 'assign' ? (
          <QuickAssignDialog
            perfume={{
              id: dialog.perfume.id,
              name: dialog.perfume.name,
              chemicalIds: dialog.perfume.chemicals.flatMap((c) =>
                c.kind === 'declared' && c.id !== null ? [c.id] : [],
              ),
            }}
            chemicals={chemicalList}
            onClose={closeDialog}
          />
        ) : null}
        {dialog?.kind === 'manager' ? (
          <ChemicalManagerDialog chemicals={chemicalList} onClose={closeDialog} />
        ) : null}
        {dialog?.kind === 'bulk' ? <BulkAssignDialog chemicals={chemicalList} onClose={closeDialog} /> : null}
        {dialog?.kind === 'scanner' ? <ScannerDialog onClose={closeDialog} /> : null}
        {dialog?.kind === 'cas' ? <CasResultsModal cas={dialog.cas} onClose={closeDialog} /> : null}
        {dialog?.kind === 'chemical' ? (
          <ChemicalDetailDialog chemical={dialog.chemical} onClose={closeDialog} />
        ) : null}
      </Suspense>
      {dialog?.kind === 'clean-brands' ? (
        <CleanBrandsDialog research={dialog.research} onClose={closeDialog} />
      ) : null}
    </>
  );
}
