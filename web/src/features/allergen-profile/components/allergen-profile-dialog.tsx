import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChemicalCheckList } from '../../../lib/chemical-check-list.tsx';
import { useChemicalMatches } from '../../../lib/chemical-matches.ts';
import { ProfileActionsSlot, ProfileSectionSlot } from '../../../lib/feature-slots.tsx';
import { MatchCount } from '../../../lib/load-more.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { AllergenProfileItem } from '../../../types/api.ts';

type AllergenProfileDialogProps = {
  selected: AllergenProfileItem[];
  onToggle: (item: AllergenProfileItem) => void;
  onClear: () => void;
  onClose: () => void;
};

/** "My allergens": pick the chemicals you react to; kept in this browser only. */
export default function AllergenProfileDialog({
  selected,
  onToggle,
  onClear,
  onClose,
}: AllergenProfileDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300).trim();
  const chemicals = useChemicalMatches(debounced);
  const selectedIds = new Set(selected.map((item) => String(item.id)));
  const total = chemicals.data?.total ?? 0;

  const matches = useMemo(() => {
    const found = chemicals.data?.items ?? [];
    // Before anything is typed, known allergens first: they are what most people are looking for.
    // Typed text keeps the server's ranking (the exact name or CAS number first).
    if (debounced) return found;
    return [...found].sort((a, b) => Number(Boolean(b.allergen_flag)) - Number(Boolean(a.allergen_flag)));
  }, [chemicals.data, debounced]);

  return (
    <Modal
      title={t('allergenProfile.title')}
      description={t('allergenProfile.intro')}
      onClose={onClose}
      testId="allergen-profile-dialog"
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            onClick={onClear}
            disabled={selected.length === 0}
          >
            {t('allergenProfile.clear')}
          </button>
          <ProfileActionsSlot items={selected} />
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('allergenProfile.done')}
          </button>
        </>
      }
    >
      <section aria-labelledby="my-allergens-selected">
        <h3 id="my-allergens-selected" className="chip-group__title">
          {t('allergenProfile.selected', { count: selected.length })}
        </h3>
        {selected.length === 0 ? (
          <p className="muted">{t('allergenProfile.none')}</p>
        ) : (
          <ul className="chip-list">
            {selected.map((item) => (
              <li key={String(item.id)}>
                <span className="chip chip--exclude">
                  {item.name}
                  <button
                    type="button"
                    className="chip__remove"
                    aria-label={t('filters.removeItem', { name: item.name })}
                    onClick={() => onToggle(item)}
                  >
                    ×
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ProfileSectionSlot selected={selected} onToggle={onToggle} />
      <label className="field">
        <span className="field__label">{t('filters.searchChemicals')}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="allergen-search"
        />
      </label>
      {chemicals.isLoading ? (
        <p role="status">{t('common.loading')}</p>
      ) : chemicals.isError ? (
        <p className="notice notice--danger" role="alert">
          {t('filters.loadFailed')}
        </p>
      ) : matches.length === 0 ? (
        <p className="muted">{t('filters.noMatches')}</p>
      ) : (
        <>
          <MatchCount shown={matches.length} total={total} testId="allergen-count" />
          <ChemicalCheckList
            chemicals={matches}
            isChecked={(id) => selectedIds.has(String(id))}
            onToggle={(chemical) => onToggle({ id: chemical.id, name: chemical.name })}
            testId="allergen-list"
          />
        </>
      )}
    </Modal>
  );
}
