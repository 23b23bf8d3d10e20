import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../lib/api-client.ts';
import { ChemicalCheckList } from '../../../lib/chemical-check-list.tsx';
import { CancelSubmitActions, CloseActions } from '../../../lib/form-fields.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { SavePermissionNotice, useSavePermission } from '../../../lib/save-permission.tsx';
import { SelectedChips } from '../../../lib/selected-chips.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { Chemical, Id } from '../../../types/api.ts';
import { useAssignChemicals, useDeclaredChemicals } from '../api/assign-chemicals.ts';

export const UNFILTERED_LIMIT = 50;
export const FILTERED_LIMIT = 100;

/** Every name or CAS substring match: the exact name or CAS number first, then names starting with it. */
export function matchingChemicals(chemicals: Chemical[], query: string): Chemical[] {
  const q = query.trim().toLowerCase();
  if (!q) return chemicals;
  const rank = (c: Chemical) => {
    const name = c.name.toLowerCase();
    if (name === q || (c.cas_number ?? '').toLowerCase() === q) return 0;
    return name.startsWith(q) ? 1 : 2;
  };
  return chemicals
    .filter((c) => c.name.toLowerCase().includes(q) || (c.cas_number ?? '').toLowerCase().includes(q))
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}

/** The first 50 when the query is empty, at most 100 matches otherwise (best first). */
export function visibleChemicals(chemicals: Chemical[], query: string): Chemical[] {
  return matchingChemicals(chemicals, query).slice(0, query.trim() ? FILTERED_LIMIT : UNFILTERED_LIMIT);
}

type QuickAssignDialogProps = {
  perfume: { id: Id; name: string; chemicalIds: Id[] };
  chemicals: { items: Chemical[]; loading: boolean; failed: boolean };
  onClose: () => void;
};

/** Quick Chemical Assignment for one perfume. */
export default function QuickAssignDialog({ perfume, chemicals, onClose }: QuickAssignDialogProps) {
  const { t } = useTranslation();
  const permission = useSavePermission('admin');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300);
  const [selected, setSelected] = useState<Id[]>(perfume.chemicalIds);
  // "Replace" must start from every declared chemical, not only those a list card holds.
  const declared = useDeclaredChemicals(perfume.id);
  const [seeded, setSeeded] = useState(false);
  if (!seeded && declared.data) {
    setSeeded(true);
    setSelected((current) => [...new Set([...declared.data.map(String), ...current.map(String)])]);
  }
  const [validation, setValidation] = useState<string | null>(null);
  const mutation = useAssignChemicals();
  const matching = useMemo(() => matchingChemicals(chemicals.items, debounced), [chemicals.items, debounced]);
  const visible = matching.slice(0, debounced.trim() ? FILTERED_LIMIT : UNFILTERED_LIMIT);
  const byId = useMemo(() => new Map(chemicals.items.map((c) => [String(c.id), c])), [chemicals.items]);
  const isSelected = (id: Id) => selected.some((x) => String(x) === String(id));

  const toggle = (id: Id) => {
    setValidation(null);
    setSelected((current) =>
      current.some((x) => String(x) === String(id))
        ? current.filter((x) => String(x) !== String(id))
        : [...current, id],
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) {
      setValidation(t('assign.selectOne'));
      return;
    }
    mutation.mutate({ perfumeId: perfume.id, chemicalIds: selected });
  };

  if (mutation.isSuccess) {
    return (
      <Modal title={t('assign.title', { name: perfume.name })} onClose={onClose} testId="quick-assign-dialog">
        <p className="notice notice--success" role="status">
          {t('assign.success', { count: selected.length, name: perfume.name })}
        </p>
        <p className="muted">{t('assign.returnNote')}</p>
        <CloseActions onClose={onClose} />
      </Modal>
    );
  }

  return (
    <Modal title={t('assign.title', { name: perfume.name })} onClose={onClose} testId="quick-assign-dialog">
      <SavePermissionNotice need="admin" permission={permission} />
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('filters.searchChemicals')}</span>
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <SelectedChips
          ids={selected}
          nameOf={(id) => byId.get(String(id))?.name ?? String(id)}
          label={t('assign.selectedLabel')}
          removeLabel={(name) => t('filters.removeItem', { name })}
          onRemove={toggle}
        />
        <p className="muted" aria-live="polite" data-testid="assign-count">
          {t('assign.count', { count: selected.length })}
        </p>
        {chemicals.loading ? (
          <p role="status">{t('common.loading')}</p>
        ) : chemicals.failed ? (
          <p className="notice notice--danger" role="alert">
            {t('assign.loadFailed')}
          </p>
        ) : visible.length === 0 ? (
          <p className="muted">{t('filters.noMatches')}</p>
        ) : (
          <>
            <p className="muted" role="status" data-testid="assign-match-count">
              {matching.length > visible.length
                ? t('pickers.capped', {
                    count: matching.length,
                    shown: visible.length,
                    total: matching.length,
                  })
                : t('pickers.all', { count: matching.length, total: matching.length })}
            </p>
            <ChemicalCheckList
              chemicals={visible}
              isChecked={isSelected}
              onToggle={(chemical) => toggle(chemical.id)}
            />
          </>
        )}
        {validation ? (
          <p className="form__error" role="alert">
            {validation}
          </p>
        ) : null}
        {mutation.isError ? (
          <p className="form__error" role="alert">
            {t('assign.error', { detail: errorDetail(mutation.error) })}
          </p>
        ) : null}
        <CancelSubmitActions
          onCancel={onClose}
          submitLabel={t('assign.submit')}
          pending={mutation.isPending}
          testId="assign-submit"
        />
      </form>
    </Modal>
  );
}
