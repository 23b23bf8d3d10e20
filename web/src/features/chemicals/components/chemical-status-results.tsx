import { useTranslation } from 'react-i18next';
import { useDataValues } from '../../../lib/data-values.ts';
import { LoadMore } from '../../../lib/load-more.tsx';
import { VirtualGrid } from '../../../lib/virtual-grid.tsx';
import type { Chemical } from '../../../types/api.ts';
import { type RegulatoryStatus, useChemicalsByStatus } from '../api/get-chemicals-by-status.ts';
import { StatusBadges } from './regulatory-panel.tsx';

type ChemicalStatusResultsProps = {
  status: RegulatoryStatus;
  onChemicalClick: (chemical: Chemical) => void;
  onReset: () => void;
};

/** Search mode for a regulatory keyword: chemicals by status, shown as cards. */
export function ChemicalStatusResults({ status, onChemicalClick, onReset }: ChemicalStatusResultsProps) {
  const { t } = useTranslation();
  const values = useDataValues();
  const query = useChemicalsByStatus(status);
  const statusLabel = t(`chemicalSearch.status.${status}`);

  if (query.isLoading) {
    return (
      <p role="status" className="panel">
        {t('common.loading')}
      </p>
    );
  }
  const chemicals = query.data?.chemicals ?? [];
  if (query.isError || chemicals.length === 0) {
    return (
      <section className="empty-state" data-testid="empty-state">
        <h2 className="empty-state__title">
          {query.isError ? t('common.errorOccurred') : t('chemicalSearch.noneFound')}
        </h2>
        <p className="muted">{query.isError ? t('common.tryLater') : t('grid.emptyHint')}</p>
        <button type="button" className="button button--primary" onClick={onReset}>
          {t('grid.resetFilters')}
        </button>
      </section>
    );
  }

  return (
    <section aria-labelledby="status-results-title" data-testid="chemical-results">
      <div className="perfume-results__header">
        <h2 id="status-results-title" className="panel__title">
          {t('chemicalSearch.title', { status: statusLabel })}
        </h2>
        <p className="muted" aria-live="polite" data-testid="chemical-results-count">
          {t('chemicalSearch.resultsFound', { count: query.data?.resultsFound ?? chemicals.length })}
        </p>
      </div>
      <VirtualGrid
        items={chemicals}
        getKey={(chemical) => String(chemical.id)}
        label={t('chemicalSearch.title', { status: statusLabel })}
        minItemWidth={260}
        estimateRowHeight={170}
        testId="chemical-results-grid"
        renderItem={(chemical) => {
          const summary = chemical.regulatory_summary ?? chemical.safety_information?.regional_summary;
          return (
            <article className="chemical-card" data-testid="chemical-card">
              <h3 className="chemical-card__name">
                <button type="button" className="link-button" onClick={() => onChemicalClick(chemical)}>
                  {chemical.name}
                </button>
              </h3>
              {chemical.cas_number ? (
                <p className="muted">{t('chemical.casValue', { cas: chemical.cas_number })}</p>
              ) : null}
              <StatusBadges chemical={chemical} />
              {summary?.prohibited_in?.length ? (
                <p className="chemical-card__line">
                  <strong>{t('chemical.prohibitedIn')}</strong>{' '}
                  {summary.prohibited_in.map(values.region).join(', ')}
                </p>
              ) : null}
              {summary?.restricted_in?.length ? (
                <p className="chemical-card__line">
                  <strong>{t('chemical.restrictedIn')}</strong>{' '}
                  {summary.restricted_in.map(values.region).join(', ')}
                </p>
              ) : null}
            </article>
          );
        }}
      />
      <LoadMore
        shown={chemicals.length}
        total={query.data?.resultsFound ?? chemicals.length}
        loading={query.isFetchingNextPage}
        onMore={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
        testId="chemical-results-more"
      />
    </section>
  );
}
