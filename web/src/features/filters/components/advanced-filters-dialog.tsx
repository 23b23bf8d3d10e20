import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';
import { TabList } from '../../../lib/tab-list.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { activeFilterCount, EMPTY_FILTERS, type Id, type PerfumeFilters } from '../../../types/api.ts';
import { OPTIONS_LIMIT, optionName, useFilterOptions } from '../api/search-options.ts';
import { type FilterKind, filterSide, removeFilter, toggleFilter } from '../filter-toggle.ts';

const TABS = ['chemicals', 'notes', 'options'] as const;
type Tab = (typeof TABS)[number];

type AdvancedFiltersDialogProps = {
  filters: PerfumeFilters;
  includeUnspecific: boolean;
  /** Not read: the lists are searched on the server (kept so older callers still type-check). */
  chemicals?: unknown;
  onApply: (filters: PerfumeFilters) => void;
  onIncludeUnspecificChange: (value: boolean) => void;
  onClose: () => void;
};

export default function AdvancedFiltersDialog({
  filters,
  includeUnspecific,
  onApply,
  onIncludeUnspecificChange,
  onClose,
}: AdvancedFiltersDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PerfumeFilters>(filters);
  const [tab, setTab] = useState<Tab>('chemicals');
  const baseId = useId();
  const count = activeFilterCount(draft);

  return (
    <Modal
      title={
        <>
          {t('filters.title')}{' '}
          {count > 0 ? (
            <span className="badge badge--info" data-testid="filters-dialog-count">
              {t('filters.activeCount', { n: count })}
            </span>
          ) : null}
        </>
      }
      onClose={onClose}
      size="large"
      testId="filters-dialog"
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            onClick={() => setDraft(EMPTY_FILTERS)}
            data-testid="filters-reset"
          >
            {t('filters.resetAll')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.close')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onApply(draft)}
            data-testid="filters-apply"
          >
            {t('filters.apply')}
          </button>
        </>
      }
    >
      <TabList
        tabs={TABS}
        current={tab}
        onSelect={setTab}
        baseId={baseId}
        panelId={(name) => `${baseId}-panel-${name}`}
        label={t('filters.title')}
        labelOf={(name) => t(`filters.tabs.${name}`)}
        testIdPrefix="filters-tab"
      />
      <div
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="tabs__panel"
      >
        {tab === 'chemicals' ? (
          <FilterPicker kind="chemicals" filters={draft} onChange={setDraft} />
        ) : tab === 'notes' ? (
          <FilterPicker kind="notes" filters={draft} onChange={setDraft} />
        ) : (
          <div className="form">
            <label className="switch">
              <input
                type="checkbox"
                checked={draft.allergenFree}
                onChange={(event) => setDraft({ ...draft, allergenFree: event.target.checked })}
                data-testid="filter-allergen-free"
              />
              <span>{t('filters.allergenFree')}</span>
            </label>
            <label className="switch">
              <input
                type="checkbox"
                role="switch"
                aria-checked={includeUnspecific}
                checked={includeUnspecific}
                onChange={(event) => onIncludeUnspecificChange(event.target.checked)}
                aria-describedby={`${baseId}-perf-warning`}
                data-testid="filter-include-unspecific"
              />
              <span>{t('filters.includeUnspecific')}</span>
            </label>
            <p id={`${baseId}-perf-warning`} className="notice notice--warning">
              {t('filters.performanceWarning')}
            </p>
          </div>
        )}
      </div>
    </Modal>
  );
}

type FilterPickerProps = {
  kind: FilterKind;
  filters: PerfumeFilters;
  onChange: (filters: PerfumeFilters) => void;
};

/**
 * A filter list searched on the server over every chemical or note: the exact name first, then
 * names starting with the text, then the most used; at most 100 shown, with how many more match.
 */
function FilterPicker({ kind, filters, onChange }: FilterPickerProps) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300);
  const options = useFilterOptions(kind, debounced);
  const matches = options.data?.items ?? [];
  const more = Math.max(0, (options.data?.total ?? 0) - matches.length);
  const loading = options.isLoading;
  const failed = options.isError && !options.data;
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const included = kind === 'chemicals' ? filters.includeChemicals : filters.includeNotes;
  const excluded = kind === 'chemicals' ? filters.excludeChemicals : filters.excludeNotes;
  const nameOf = (id: Id) => optionName(id) ?? String(id);

  const chips = (ids: Id[], tone: 'include' | 'exclude', label: string) => (
    <section className="chip-group" aria-label={label}>
      <h3 className="chip-group__title">{label}</h3>
      {ids.length === 0 ? (
        <p className="muted">{t('filters.noneSelected')}</p>
      ) : (
        <ul className="chip-list">
          {ids.map((id) => (
            <li key={String(id)}>
              <span className={`chip chip--${tone}`}>
                {nameOf(id)}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={t('filters.removeItem', { name: nameOf(id) })}
                  onClick={() => onChange(removeFilter(filters, kind, id))}
                >
                  ×
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="filter-picker">
      <div className="filter-picker__chips">
        {chips(included, 'include', t('filters.mustContain'))}
        {chips(excluded, 'exclude', t('filters.mustNotContain'))}
      </div>
      <label className="field">
        <span className="field__label">
          {t(kind === 'chemicals' ? 'filters.searchChemicals' : 'filters.searchNotes')}
        </span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid={`filter-search-${kind}`}
        />
      </label>
      {loading ? (
        <p role="status">{t('common.loading')}</p>
      ) : failed ? (
        <p className="notice notice--danger" role="alert">
          {t('filters.loadFailed')}
        </p>
      ) : matches.length === 0 ? (
        <p className="muted">{t('filters.noMatches')}</p>
      ) : (
        <>
          <p className="muted" role="status" data-testid={`filter-count-${kind}`}>
            {more > 0
              ? t('pickers.capped', {
                  count: matches.length + more,
                  total: format.format(matches.length + more),
                  shown: format.format(OPTIONS_LIMIT),
                })
              : t('pickers.all', { count: matches.length, total: format.format(matches.length) })}
          </p>
          <ul className="pick-list" data-testid={`filter-list-${kind}`}>
            {matches.map((item) => {
              const side = filterSide(filters, kind, item.id);
              return (
                <li key={String(item.id)} className="pick-list__item">
                  <span className="pick-list__name">
                    {item.name}
                    {item.cas_number ? <span className="muted"> · {item.cas_number}</span> : null}
                    {item.matched_name ? (
                      <span className="muted">
                        {' '}
                        · {t('search.suggestAlias', { name: item.matched_name })}
                      </span>
                    ) : null}
                    {item.category ? <span className="muted"> · {item.category}</span> : null}
                    {item.perfume_count !== undefined ? (
                      <span className="muted">
                        {' '}
                        ·{' '}
                        {t('pickers.perfumeCount', {
                          count: item.perfume_count,
                          n: format.format(item.perfume_count),
                        })}
                      </span>
                    ) : null}
                  </span>
                  <span className="row">
                    <button
                      type="button"
                      className="button button--small button--secondary button--include"
                      aria-pressed={side === 'include'}
                      aria-label={t('filters.includeItem', { name: item.name })}
                      onClick={() => onChange(toggleFilter(filters, kind, 'include', item.id))}
                    >
                      {t('filters.include')}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary button--exclude"
                      aria-pressed={side === 'exclude'}
                      aria-label={t('filters.excludeItem', { name: item.name })}
                      onClick={() => onChange(toggleFilter(filters, kind, 'exclude', item.id))}
                    >
                      {t('filters.exclude')}
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
