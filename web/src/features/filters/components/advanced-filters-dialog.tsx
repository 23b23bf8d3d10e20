import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';
import { TabList } from '../../../lib/tab-list.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  activeFilterCount,
  type Chemical,
  EMPTY_FILTERS,
  type Id,
  type PerfumeFilters,
} from '../../../types/api.ts';
import { useNotes } from '../api/get-notes.ts';
import { type FilterKind, filterSide, matchesQuery, removeFilter, toggleFilter } from '../filter-toggle.ts';

const LIST_LIMIT = 100;
const TABS = ['chemicals', 'notes', 'options'] as const;
type Tab = (typeof TABS)[number];

type Item = {
  id: Id;
  name: string;
  cas_number?: string | null;
  allergen_flag?: boolean;
  category?: string | null;
};

type AdvancedFiltersDialogProps = {
  filters: PerfumeFilters;
  includeUnspecific: boolean;
  chemicals: { items: Chemical[]; loading: boolean; failed: boolean };
  onApply: (filters: PerfumeFilters) => void;
  onIncludeUnspecificChange: (value: boolean) => void;
  onClose: () => void;
};

export default function AdvancedFiltersDialog({
  filters,
  includeUnspecific,
  chemicals,
  onApply,
  onIncludeUnspecificChange,
  onClose,
}: AdvancedFiltersDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PerfumeFilters>(filters);
  const [tab, setTab] = useState<Tab>('chemicals');
  const notes = useNotes();
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
          <FilterPicker
            kind="chemicals"
            items={chemicals.items}
            loading={chemicals.loading}
            failed={chemicals.failed}
            filters={draft}
            onChange={setDraft}
          />
        ) : tab === 'notes' ? (
          <FilterPicker
            kind="notes"
            items={notes.data ?? []}
            loading={notes.isLoading}
            failed={notes.isError}
            filters={draft}
            onChange={setDraft}
          />
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
  items: Item[];
  loading: boolean;
  failed: boolean;
  filters: PerfumeFilters;
  onChange: (filters: PerfumeFilters) => void;
};

function FilterPicker({ kind, items, loading, failed, filters, onChange }: FilterPickerProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300);
  const byId = useMemo(() => new Map(items.map((item) => [String(item.id), item])), [items]);
  const matches = useMemo(
    () => items.filter((item) => matchesQuery(item, debounced)).slice(0, LIST_LIMIT),
    [items, debounced],
  );
  const included = kind === 'chemicals' ? filters.includeChemicals : filters.includeNotes;
  const excluded = kind === 'chemicals' ? filters.excludeChemicals : filters.excludeNotes;
  const nameOf = (id: Id) => byId.get(String(id))?.name ?? String(id);

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
        <ul className="pick-list" data-testid={`filter-list-${kind}`}>
          {matches.map((item) => {
            const side = filterSide(filters, kind, item.id);
            return (
              <li key={String(item.id)} className="pick-list__item">
                <span className="pick-list__name">
                  {item.name}
                  {item.cas_number ? <span className="muted"> · {item.cas_number}</span> : null}
                  {item.category ? <span className="muted"> · {item.category}</span> : null}
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
      )}
    </div>
  );
}
