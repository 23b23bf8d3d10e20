import { useTranslation } from 'react-i18next';

type LoadMoreProps = {
  /** Items listed now. */
  shown: number;
  /** Items in all (what the server counted). */
  total: number;
  loading: boolean;
  /** Fetches the next page; absent when nothing is left. */
  onMore?: () => void;
  testId?: string;
};

/** Under a paged list: how many of how many are shown, and a button for the next page while any are left. */
export function LoadMore({ shown, total, loading, onMore, testId }: LoadMoreProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const left = Math.max(0, total - shown);
  if (total <= 0) return null;
  return (
    <p className="row muted" data-testid={testId}>
      <span role="status">
        {t('pickers.showing', { count: total, shown: format.format(shown), total: format.format(total) })}
      </span>
      {onMore && left > 0 ? (
        <button
          type="button"
          className="button button--small button--secondary"
          // aria-disabled, not disabled: a disabled button drops keyboard focus, and a keyboard
          // user pressing it would lose their place in the list while the next page loads.
          onClick={loading ? undefined : onMore}
          aria-disabled={loading}
          data-testid={testId ? `${testId}-button` : undefined}
        >
          {loading ? t('common.loading') : t('pickers.loadMore', { count: left, n: format.format(left) })}
        </button>
      ) : null}
    </p>
  );
}

type MatchCountProps = {
  /** Matches listed. */
  shown: number;
  /** Matches in all (what the server counted). */
  total: number;
  testId: string;
};

/** Above a capped list of matches: all of them, or how many of how many are shown and that typing narrows them. */
export function MatchCount({ shown, total, testId }: MatchCountProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <p className="muted" role="status" data-testid={testId}>
      {total > shown
        ? t('pickers.capped', { count: total, shown: format.format(shown), total: format.format(total) })
        : t('pickers.all', { count: shown, total: format.format(shown) })}
    </p>
  );
}
