import { useTranslation } from 'react-i18next';

type MainToolbarProps = {
  filterCount: number;
  profileCount: number;
  safeForMe: boolean;
  onSafeForMeChange: (on: boolean) => void;
  includeIncomplete: boolean;
  onIncludeIncompleteChange: (on: boolean) => void;
  /** Perfumes "Safe for me" leaves out for incomplete data (null: not known or not strict). */
  leftOut: number | null;
  active: boolean;
  onOpenFilters: () => void;
  onOpenProfile: () => void;
  onOpenManager: () => void;
  onOpenBulk: () => void;
  onResetAll: () => void;
};

/** The row of actions above the results. */
export function MainToolbar({
  filterCount,
  profileCount,
  safeForMe,
  onSafeForMeChange,
  includeIncomplete,
  onIncludeIncompleteChange,
  leftOut,
  active,
  onOpenFilters,
  onOpenProfile,
  onOpenManager,
  onOpenBulk,
  onResetAll,
}: MainToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="toolbar" role="toolbar" aria-label={t('actions.label')}>
      <button
        type="button"
        className="button button--secondary"
        onClick={onOpenFilters}
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
        onClick={onOpenProfile}
        data-testid="open-allergen-profile"
      >
        {t('allergenProfile.open')}
        {profileCount > 0 ? <span className="badge badge--danger">{profileCount}</span> : null}
      </button>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={safeForMe}
          checked={safeForMe}
          disabled={profileCount === 0}
          onChange={(event) => onSafeForMeChange(event.target.checked)}
          data-testid="safe-for-me"
        />
        <span>{t('allergenProfile.safeForMe')}</span>
      </label>
      {safeForMe && profileCount > 0 ? (
        <label className="switch">
          <input
            type="checkbox"
            checked={includeIncomplete}
            onChange={(event) => onIncludeIncompleteChange(event.target.checked)}
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
      {/* Offered to everyone; each dialog says at its top who can save and how to become one. */}
      <button
        type="button"
        className="button button--secondary"
        onClick={onOpenManager}
        data-testid="open-chemical-manager"
      >
        {t('curation.openManager')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={onOpenBulk}
        data-testid="open-bulk-assign"
      >
        {t('curation.openBulk')}
      </button>
      {active ? (
        <button type="button" className="button button--danger" onClick={onResetAll} data-testid="reset-all">
          {t('actions.resetAll')}
        </button>
      ) : null}
    </div>
  );
}
