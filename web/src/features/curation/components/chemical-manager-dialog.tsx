import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../lib/api-client.ts';
import { useChemicalPages } from '../../../lib/chemical-matches.ts';
import { Modal } from '../../../lib/modal.tsx';
import { SavePermissionNotice, useSavePermission } from '../../../lib/save-permission.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { Chemical, Id } from '../../../types/api.ts';
import {
  CHEMICAL_TYPES,
  type ChemicalDraft,
  changedFields,
  chemicalVersion,
  draftOf,
  EMPTY_DRAFT,
  useAddChemical,
  useDeleteChemical,
  useEditChemical,
} from '../api/chemical-manager.ts';
import '../../../lib/form-dialogs.css';

/** Chemicals per page of the list: the search narrows it, "load more" reaches the rest. */
export const MANAGER_LIST_LIMIT = 100;
const SEARCH_DEBOUNCE_MS = 300;

type Message = { kind: 'success' | 'error'; text: string } | null;

type ChemicalFormProps = {
  draft: ChemicalDraft;
  onChange: (draft: ChemicalDraft) => void;
  idPrefix: string;
};

/** Name, type, CAS, description and EU allergen: the add form and the inline edit share it. */
function ChemicalFields({ draft, onChange, idPrefix }: ChemicalFormProps) {
  const { t } = useTranslation();
  const set = <K extends keyof ChemicalDraft>(key: K, value: ChemicalDraft[K]) =>
    onChange({ ...draft, [key]: value });
  return (
    <div className="curation-fields">
      <label className="field" htmlFor={`${idPrefix}-name`}>
        <span className="field__label">{t('curation.fields.name')}</span>
        <input
          id={`${idPrefix}-name`}
          required
          maxLength={200}
          value={draft.name}
          onChange={(event) => set('name', event.target.value)}
          data-testid={`${idPrefix}-name`}
        />
      </label>
      <label className="field" htmlFor={`${idPrefix}-type`}>
        <span className="field__label">{t('curation.fields.type')}</span>
        <select
          id={`${idPrefix}-type`}
          required
          value={draft.type}
          onChange={(event) => set('type', event.target.value as ChemicalDraft['type'])}
        >
          {CHEMICAL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`curation.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${idPrefix}-cas`}>
        <span className="field__label">{t('curation.fields.cas')}</span>
        <input
          id={`${idPrefix}-cas`}
          inputMode="numeric"
          placeholder="78-70-6"
          maxLength={20}
          value={draft.cas_number}
          onChange={(event) => set('cas_number', event.target.value)}
        />
      </label>
      <label className="field curation-fields__wide" htmlFor={`${idPrefix}-description`}>
        <span className="field__label">{t('curation.fields.description')}</span>
        <textarea
          id={`${idPrefix}-description`}
          rows={2}
          maxLength={5000}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </label>
      <label className="checkbox curation-fields__wide">
        <input
          type="checkbox"
          checked={draft.allergen_flag}
          onChange={(event) => set('allergen_flag', event.target.checked)}
        />
        <span>{t('curation.fields.euAllergen')}</span>
      </label>
    </div>
  );
}

type ChemicalManagerDialogProps = {
  onClose: () => void;
};

/**
 * Chemical Ingredients Manager: add form, debounced search (name or CAS number, over every
 * chemical on the server), a paged list with inline edit and delete. Offered to everyone; the
 * server refuses non-admins and its `detail` is shown.
 */
export default function ChemicalManagerDialog({ onClose }: ChemicalManagerDialogProps) {
  const { t, i18n } = useTranslation();
  const permission = useSavePermission('admin');
  const baseId = useId();
  const [draft, setDraft] = useState<ChemicalDraft>(EMPTY_DRAFT);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS).trim();
  const [editing, setEditing] = useState<{ id: Id; draft: ChemicalDraft; version: number | null } | null>(
    null,
  );
  const [message, setMessage] = useState<Message>(null);
  const add = useAddChemical();
  const edit = useEditChemical();
  const remove = useDeleteChemical();

  const chemicals = useChemicalPages(debounced, MANAGER_LIST_LIMIT);
  const shown = useMemo(() => (chemicals.data?.pages ?? []).flatMap((p) => p.chemicals), [chemicals.data]);
  const total = chemicals.data?.pages[0]?.total ?? shown.length;
  const left = Math.max(0, total - shown.length);
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const fail = (error: unknown) =>
    setMessage({ kind: 'error', text: t('curation.error', { detail: errorDetail(error) }) });

  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    add.mutate(draft, {
      onSuccess: ({ chemical }) => {
        setMessage({
          kind: 'success',
          text: t('curation.added', { name: chemical?.name ?? draft.name.trim() }),
        });
        setDraft(EMPTY_DRAFT);
      },
      onError: fail,
    });
  };

  const startEdit = async (chemical: Chemical) => {
    setMessage(null);
    setEditing({ id: chemical.id, draft: draftOf(chemical), version: null });
    const version = await chemicalVersion(chemical.id);
    setEditing((current) =>
      current && String(current.id) === String(chemical.id) ? { ...current, version } : current,
    );
  };

  const saveEdit = (chemical: Chemical) => {
    if (!editing) return;
    const changes = changedFields(chemical, editing.draft);
    if (Object.keys(changes).length === 0) {
      setEditing(null);
      return;
    }
    edit.mutate(
      { id: chemical.id, changes, expectedVersion: editing.version },
      {
        onSuccess: () => {
          setEditing(null);
          setMessage({ kind: 'success', text: t('curation.updated') });
        },
        onError: fail,
      },
    );
  };

  const confirmDelete = (chemical: Chemical) => {
    setMessage(null);
    if (!window.confirm(t('curation.confirmDelete', { name: chemical.name }))) return;
    remove.mutate(chemical.id, {
      onSuccess: () => setMessage({ kind: 'success', text: t('curation.deleted') }),
      onError: fail,
    });
  };

  return (
    <Modal title={t('curation.managerTitle')} onClose={onClose} size="large" testId="chemical-manager-dialog">
      <SavePermissionNotice need="admin" permission={permission} />
      <form className="form curation-section" onSubmit={submitAdd} aria-labelledby={`${baseId}-add`}>
        <h3 id={`${baseId}-add`} className="section-title">
          {t('curation.addTitle')}
        </h3>
        <ChemicalFields draft={draft} onChange={setDraft} idPrefix="manager-add" />
        <div className="form__actions">
          <span />
          <button
            type="submit"
            className="button button--primary"
            disabled={add.isPending || draft.name.trim() === ''}
            data-testid="manager-add-submit"
          >
            {add.isPending ? t('common.loading') : t('curation.addButton')}
          </button>
        </div>
      </form>

      {message ? (
        <p
          className={`notice ${message.kind === 'success' ? 'notice--success' : 'notice--danger'}`}
          role={message.kind === 'success' ? 'status' : 'alert'}
          data-testid="manager-message"
        >
          {message.text}
        </p>
      ) : null}

      <section className="curation-section" aria-labelledby={`${baseId}-list`}>
        <h3 id={`${baseId}-list`} className="section-title">
          {t('curation.listTitle')}
        </h3>
        <label className="field">
          <span className="field__label">{t('curation.search')}</span>
          <input
            type="search"
            value={query}
            placeholder={t('curation.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="manager-search"
          />
        </label>
        {chemicals.isLoading ? (
          <p role="status">{t('common.loading')}</p>
        ) : chemicals.isError ? (
          <p className="notice notice--danger" role="alert">
            {t('curation.loadFailed')}
          </p>
        ) : (
          <>
            <p className="muted" aria-live="polite" data-testid="manager-count">
              {t('curation.showing', { shown: shown.length, total })}
            </p>
            <ul className="pick-list curation-list" data-testid="manager-list">
              {shown.map((chemical) => {
                const isEditing = editing !== null && String(editing.id) === String(chemical.id);
                return (
                  <li key={String(chemical.id)} className="pick-list__item curation-list__item">
                    {isEditing ? (
                      <form
                        className="form curation-edit"
                        aria-label={t('curation.editLabel', { name: chemical.name })}
                        onSubmit={(event) => {
                          event.preventDefault();
                          saveEdit(chemical);
                        }}
                      >
                        <ChemicalFields
                          draft={editing.draft}
                          onChange={(next) => setEditing({ ...editing, draft: next })}
                          idPrefix={`manager-edit-${String(chemical.id)}`}
                        />
                        <div className="row">
                          <button
                            type="submit"
                            className="button button--primary button--small"
                            disabled={edit.isPending}
                          >
                            {t('curation.save')}
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            onClick={() => setEditing(null)}
                          >
                            {t('common.cancel')}
                          </button>
                        </div>
                      </form>
                    ) : (
                      <>
                        <span className="pick-list__name">
                          <strong>{chemical.name}</strong>
                          {chemical.cas_number ? (
                            <span className="muted"> · {chemical.cas_number}</span>
                          ) : null}
                          {chemical.type ? (
                            <span className="muted">
                              {' '}
                              · {t(`curation.types.${chemical.type}`, chemical.type)}
                            </span>
                          ) : null}
                          {chemical.allergen_flag ? (
                            <>
                              {' '}
                              <span className="badge badge--danger">{t('curation.allergenBadge')}</span>
                            </>
                          ) : null}
                        </span>
                        <span className="row">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            onClick={() => void startEdit(chemical)}
                            aria-label={t('curation.editLabel', { name: chemical.name })}
                          >
                            {t('curation.edit')}
                          </button>
                          <button
                            type="button"
                            className="button button--danger button--small"
                            onClick={() => confirmDelete(chemical)}
                            disabled={remove.isPending}
                            aria-label={t('curation.deleteLabel', { name: chemical.name })}
                            data-testid="manager-delete"
                          >
                            {t('curation.delete')}
                          </button>
                        </span>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {chemicals.hasNextPage && left > 0 ? (
              <p className="row">
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => void chemicals.fetchNextPage()}
                  disabled={chemicals.isFetchingNextPage}
                  data-testid="manager-more"
                >
                  {chemicals.isFetchingNextPage
                    ? t('common.loading')
                    : t('pickers.loadMore', { count: left, n: format.format(left) })}
                </button>
              </p>
            ) : null}
          </>
        )}
      </section>
    </Modal>
  );
}
