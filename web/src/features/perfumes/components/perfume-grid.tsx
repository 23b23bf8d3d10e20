import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VirtualGrid } from '../../../lib/virtual-grid.tsx';
import type { AllergenProfileItem } from '../../../types/api.ts';
import { matchAllergens } from '../allergen-match.ts';
import type { Perfume, PerfumeChemical } from '../api/perfume-normalize.ts';
import { PerfumeCard } from './perfume-card.tsx';

export const CATALOGUE_SIZE_TEXT = '70,000+';

/** Where cards turn compact (perfume-card.css), about how tall a card is and the space between cards. */
const PHONE_QUERY = '(max-width: 600px)';
const PHONE_CARD_HEIGHT = 200;
const CARD_HEIGHT = 460;
const PHONE_GAP = 12;
const GAP = 16;

type PerfumeGridProps = {
  perfumes: Perfume[];
  total: number | null;
  hasNextPage: boolean;
  loadingMore: boolean;
  /** The last Load More failed: the cards stay, with an inline retry. */
  loadMoreFailed?: boolean;
  onLoadMore: () => void;
  allergenProfile: AllergenProfileItem[];
  /** Hide perfumes containing any of the user's allergens. */
  safeForMe: boolean;
  /** A chip was clicked: the chemical, and the perfume whose card it is on. */
  onChemicalClick: (chemical: PerfumeChemical, perfume: { id: string; name: string }) => void;
  onNeedsEnhancement: (perfume: Perfume) => void;
  onResetFilters: () => void;
  /** The perfume the address points at: brought into view and outlined once it is listed. */
  highlightedPerfume?: string | null;
  /** Follows a card's own link (its address names the perfume). */
  onShowPerfume?: (perfume: { id: string; name: string }) => void;
  /** The address of one perfume, for its card's link. */
  perfumeHref?: (perfume: { id: string; name: string }) => string;
};

export function PerfumeGrid({
  perfumes,
  total,
  hasNextPage,
  loadingMore,
  loadMoreFailed = false,
  onLoadMore,
  allergenProfile,
  safeForMe,
  onChemicalClick,
  onNeedsEnhancement,
  onResetFilters,
  highlightedPerfume = null,
  onShowPerfume,
  perfumeHref,
}: PerfumeGridProps) {
  const { t, i18n } = useTranslation();
  const endId = useId();
  // Rows not yet drawn count at this height (the page's length before they are measured).
  const [phone] = useState(
    () => typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE_QUERY).matches),
  );
  const format = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en'), [i18n.resolvedLanguage]);

  const rows = useMemo(() => {
    const withMatches = perfumes.map((perfume) => ({
      perfume,
      matches: matchAllergens(perfume, allergenProfile),
    }));
    return safeForMe ? withMatches.filter((row) => row.matches.length === 0) : withMatches;
  }, [perfumes, allergenProfile, safeForMe]);

  // Keyboard focus after Load More goes to the first new card (not back to the page body), and a
  // perfume named in the address is brought into view once it is listed.
  const [focusRequest, setFocusRequest] = useState<{ key: string; seq: number } | null>(null);
  const firstNewIndex = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNewIndex.current;
    if (index === null || loadingMore) return;
    firstNewIndex.current = null;
    const row = rows[index];
    if (row) setFocusRequest((last) => ({ key: String(row.perfume.id), seq: (last?.seq ?? 0) + 1 }));
  }, [rows, loadingMore]);
  const shownPerfume = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightedPerfume || shownPerfume.current === highlightedPerfume) return;
    if (!rows.some((row) => String(row.perfume.id) === highlightedPerfume)) return;
    shownPerfume.current = highlightedPerfume;
    setFocusRequest((last) => ({ key: highlightedPerfume, seq: (last?.seq ?? 0) + 1 }));
  }, [rows, highlightedPerfume]);
  const loadMore = () => {
    firstNewIndex.current = rows.length;
    onLoadMore();
  };

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
      <a className="skip-link skip-link--inline" href={`#${endId}`} data-testid="skip-results">
        {t('grid.skipResults')}
      </a>
      <VirtualGrid
        items={rows}
        focusRequest={focusRequest}
        getKey={(row) => String(row.perfume.id)}
        label={t('grid.title')}
        estimateRowHeight={phone ? PHONE_CARD_HEIGHT : CARD_HEIGHT}
        gap={phone ? PHONE_GAP : GAP}
        testId="perfume-grid"
        renderItem={(row) => (
          <PerfumeCard
            perfume={row.perfume}
            allergenMatches={row.matches}
            highlighted={highlightedPerfume === String(row.perfume.id)}
            onShow={onShowPerfume}
            href={perfumeHref?.({ id: String(row.perfume.id), name: row.perfume.name })}
            onChemicalClick={onChemicalClick}
            onNeedsEnhancement={onNeedsEnhancement}
          />
        )}
      />
      {loadMoreFailed ? (
        <div className="notice notice--danger load-more-error" role="alert" data-testid="load-more-error">
          <span>{t('grid.loadMoreFailed')}</span>
          <button type="button" className="button button--secondary" onClick={loadMore}>
            {t('error.tryAgain')}
          </button>
        </div>
      ) : null}
      {hasNextPage ? (
        <div className="load-more" id={endId} tabIndex={-1}>
          <button
            type="button"
            className="button button--primary"
            onClick={loadMore}
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
      ) : (
        <p className="visually-hidden" id={endId} tabIndex={-1}>
          {t('grid.endOfResults')}
        </p>
      )}
    </section>
  );
}
