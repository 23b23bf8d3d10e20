import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../lib/api-client.ts';
import { ChemicalCheckList } from '../../../lib/chemical-check-list.tsx';
import {
  type ChemicalPick,
  mergePicks,
  togglePick,
  useChemicalMatches,
} from '../../../lib/chemical-matches.ts';
import { CancelSubmitActions, CloseActions } from '../../../lib/form-fields.tsx';
import { MatchCount } from '../../../lib/load-more.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { SavePermissionNotice, useSavePermission } from '../../../lib/save-permission.tsx';
import { SelectedChips } from '../../../lib/selected-chips.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { Id } from '../../../types/api.ts';
import { useAssignChemicals, useDeclaredChemicals } from '../api/assign-chemicals.ts';

/** Listed before anything is typed, and at most while a search narrows them (the rest are counted). */
export const UNFILTERED_LIMIT = 50;
export const FILTERED_LIMIT = 100;

type QuickAssignDialogProps = {
  /** The perfume, with the declared chemicals its card knows (the full record adds the rest). */
  perfume: { id: Id; name: string; chemicals: ChemicalPick[] };
  onClose: () => void;
};

/** Quick Chemical Assignment for one perfume. */
export default function QuickAssignDialog({ perfume, onClose }: QuickAssignDialogProps) {
  const { t } = useTranslation();
  const permission = useSavePermission('admin');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300).trim();
  const [selected, setSelected] = useState<ChemicalPick[]>(perfume.chemicals);
  // "Replace" must start from every declared chemical, not only those a list card holds.
  const declared = useDeclaredChemicals(perfume.id);
  const [seeded, setSeeded] = useState(false);
  if (!seeded && declared.data) {
    setSeeded(true);
    setSelected((current) => mergePicks(declared.data, current));
  }
  const [validation, setValidation] = useState<string | null>(null);
  const mutation = useAssignChemicals();
  // The whole set is searched on the server (exact name or CAS number first); only a page comes back.
  const limit = debounced ? FILTERED_LIMIT : UNFILTERED_LIMIT;
  const chemicals = useChemicalMatches(debounced, limit);
  const visible = chemicals.data?.items ?? [];
  const total = chemicals.data?.total ?? 0;
  const nameOf = (id: Id) => selected.find((p) => String(p.id) === String(id))?.name ?? String(id);
  const isSelected = (id: Id) => selected.some((p) => String(p.id) === String(id));

  const toggle = (chemical: ChemicalPick) => {
    setValidation(null);
    setSelected((current) => togglePick(current, chemical));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) {
      setValidation(t('assign.selectOne'));
      return;
    }
    mutation.mutate({ perfumeId: perfume.id, chemicalIds: selected.map((p) => p.id) });
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
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="assign-search"
          />
        </label>
        <SelectedChips
          ids={selected.map((p) => p.id)}
          nameOf={nameOf}
          label={t('assign.selectedLabel')}
          removeLabel={(name) => t('filters.removeItem', { name })}
          onRemove={(id) => toggle({ id, name: nameOf(id) })}
        />
        <p className="muted" aria-live="polite" data-testid="assign-count">
          {t('assign.count', { count: selected.length })}
        </p>
        {chemicals.isLoading ? (
          <p role="status">{t('common.loading')}</p>
        ) : chemicals.isError ? (
          <p className="notice notice--danger" role="alert">
            {t('assign.loadFailed')}
          </p>
        ) : visible.length === 0 ? (
          <p className="muted">{t('filters.noMatches')}</p>
        ) : (
          <>
            <MatchCount shown={visible.length} total={total} testId="assign-match-count" />
            <ChemicalCheckList
              chemicals={visible}
              isChecked={isSelected}
              onToggle={toggle}
              testId="assign-list"
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
