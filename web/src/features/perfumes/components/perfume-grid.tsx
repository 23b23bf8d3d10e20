import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualGrid } from '../../../lib/virtual-grid.tsx';
import type { AllergenProfileItem } from '../../../types/api.ts';
import { matchAllergens } from '../allergen-match.ts';
import type { Perfume, PerfumeChemical } from '../api/perfume-normalize.ts';
import { PerfumeCard } from './perfume-card.tsx';

export const CATALOGUE_SIZE_TEXT = '70,000+';

type PerfumeGridProps = {
  perfumes: Perfume[];
  total: number | null;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  allergenProfile: AllergenProfileItem[];
  /** Hide perfumes containing any of the user's allergens. */
  safeForMe: boolean;
  onChemicalClick: (chemical: PerfumeChemical) => void;
  onNeedsEnhancement: (perfume: Perfume) => void;
  onResetFilters: () => void;
};

export function PerfumeGrid({
  perfumes,
  total,
  hasNextPage,
  loadingMore,
  onLoadMore,
  allergenProfile,
  safeForMe,
  onChemicalClick,
  onNeedsEnhancement,
  onResetFilters,
}: PerfumeGridProps) {
  const { t, i18n } = useTranslation();
  const format = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en'), [i18n.resolvedLanguage]);

  const rows = useMemo(() => {
    const withMatches = perfumes.map((perfume) => ({
      perfume,
      matches: matchAllergens(perfume, allergenProfile),
    }));
    return safeForMe ? withMatches.filter((row) => row.matches.length === 0) : withMatches;
  }, [perfumes, allergenProfile, safeForMe]);

  if (rows.length === 0 && !hasNextPage) {
    return (
      <section className="empty-state" data-testid="empty-state">
        <h2 className="empty-state__title">{t('grid.emptyTitle')}</h2>
        <p className="muted">{t('grid.emptyHint')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={onResetFilters}
          data-testid="reset-filters"
        >
          {t('grid.resetFilters')}
        </button>
      </section>
    );
  }

  const countText = t('grid.count', {
    loaded: format.format(perfumes.length),
    total: total === null ? CATALOGUE_SIZE_TEXT : format.format(total),
  });

  return (
    <section className="perfume-results" aria-labelledby="perfume-results-title">
      <div className="perfume-results__header">
        <h2 id="perfume-results-title" className="panel__title">
          {t('grid.title')}
        </h2>
        <p className="muted" data-testid="loaded-count" aria-live="polite">
          {countText}
        </p>
      </div>
      <p className="legend">
        <span className="chem chem--allergen chem--declared legend__chip">{t('grid.legendAllergen')}</span>
        <span className="chem chem--verified chem--declared legend__chip">{t('grid.legendVerified')}</span>
        <span className="chem chem--default chem--declared legend__chip">{t('grid.legendOther')}</span>
        <span className="chem chem--default chem--inferred legend__chip">
          <span aria-hidden="true">~</span>
          {t('grid.legendInferred')}
        </span>
      </p>
      <VirtualGrid
        items={rows}
        getKey={(row) => String(row.perfume.id)}
        label={t('grid.title')}
        testId="perfume-grid"
        renderItem={(row) => (
          <PerfumeCard
            perfume={row.perfume}
            allergenMatches={row.matches}
            onChemicalClick={onChemicalClick}
            onNeedsEnhancement={onNeedsEnhancement}
          />
        )}
      />
      {hasNextPage ? (
        <div className="load-more">
          <button
            type="button"
            className="button button--primary"
            onClick={onLoadMore}
            disabled={loadingMore}
            aria-busy={loadingMore}
            data-testid="load-more"
          >
            {loadingMore ? (
              <>
                <span className="spinner spinner--small" aria-hidden="true" />
                {t('grid.loadingMore')}
              </>
            ) : (
              t('grid.loadMore')
            )}
          </button>
          <span className="muted">{countText}</span>
        </div>
      ) : null}
    </section>
  );
}
