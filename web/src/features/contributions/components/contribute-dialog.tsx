import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { CloseActions } from '../../../lib/form-fields.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { SavePermissionNotice, useSavePermission } from '../../../lib/save-permission.tsx';
import type { SessionUser } from '../../../lib/session.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  CONTRIBUTION_TYPES,
  type ContributionRow,
  contributionBody,
  emptyRow,
  type PerfumeOption,
  useMyContributions,
  usePerfumeOptions,
  useSubmitContribution,
} from '../api/contribute.ts';
import '../../../lib/form-dialogs.css';

type ContributeDialogProps = {
  user: SessionUser;
  onClose: () => void;
};

/**
 * Contribute Chemical Data: a perfume picker (first 100), repeatable chemical
 * rows (removable while more than one remains), contributor notes; editing → submitting → submitted.
 */
export default function ContributeDialog({ user, onClose }: ContributeDialogProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [perfumeId, setPerfumeId] = useState('');
  const [rows, setRows] = useState<ContributionRow[]>(() => [emptyRow()]);
  const [notes, setNotes] = useState('');
  const [perfumeQuery, setPerfumeQuery] = useState('');
  const perfumes = usePerfumeOptions(useDebouncedValue(perfumeQuery, 300));
  // The chosen perfume stays selectable whatever the search lists now.
  const [chosen, setChosen] = useState<PerfumeOption | null>(null);
  const options = perfumes.data?.perfumes ?? [];
  const listed =
    chosen && !options.some((p) => String(p.id) === String(chosen.id)) ? [chosen, ...options] : options;
  const morePerfumes = Math.max(0, (perfumes.data?.total ?? 0) - options.length);
  const mutation = useSubmitContribution();
  const [showMine, setShowMine] = useState(false);
  const mine = useMyContributions(showMine);
  const permission = useSavePermission('contributor');

  const update = (key: number, patch: Partial<ContributionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (perfumeId === '') return;
    mutation.mutate(contributionBody(user, perfumeId, rows, notes));
  };

  // An account that cannot contribute yet (awaiting approval, not approved) sees its status, not a form.
  if (permission.kind !== 'allowed') {
    return (
      <Modal title={t('contribute.title')} onClose={onClose} testId="contribute-dialog">
        <SavePermissionNotice need="contributor" permission={permission} />
        <CloseActions onClose={onClose} />
      </Modal>
    );
  }

  if (mutation.isSuccess) {
    return (
      <Modal title={t('contribute.title')} onClose={onClose} testId="contribute-dialog">
        <div className="empty-state" role="status" data-testid="contribute-success">
          <h3 className="empty-state__title">{t('contribute.submittedTitle')}</h3>
          <p className="muted">{t('contribute.submittedText')}</p>
        </div>
        <CloseActions onClose={onClose} />
      </Modal>
    );
  }

  const error = mutation.error;
  return (
    <Modal
      title={t('contribute.title')}
      onClose={onClose}
      size="large"
      testId="contribute-dialog"
      description={t('contribute.intro')}
    >
      <form className="form" onSubmit={submit}>
        <label className="field" htmlFor={`${baseId}-perfume-search`}>
          <span className="field__label">{t('pickers.searchPerfumes')}</span>
          <input
            id={`${baseId}-perfume-search`}
            type="search"
            value={perfumeQuery}
            onChange={(event) => setPerfumeQuery(event.target.value)}
            data-testid="contribute-perfume-search"
          />
        </label>
        <label className="field" htmlFor={`${baseId}-perfume`}>
          <span className="field__label">{t('contribute.perfume')}</span>
          <select
            id={`${baseId}-perfume`}
            required
            value={perfumeId}
            onChange={(event) => {
              setPerfumeId(event.target.value);
              setChosen(listed.find((p) => String(p.id) === event.target.value) ?? null);
            }}
            data-testid="contribute-perfume"
          >
            <option value="">
              {perfumes.isLoading ? t('common.loading') : t('contribute.choosePerfume')}
            </option>
            {listed.map((perfume) => (
              <option key={String(perfume.id)} value={String(perfume.id)}>
                {perfume.brand ? `${perfume.name} — ${perfume.brand}` : perfume.name}
              </option>
            ))}
          </select>
        </label>
        {perfumes.data ? (
          <p className="muted" role="status" data-testid="contribute-perfume-count">
            {morePerfumes > 0
              ? t('pickers.capped', {
                  count: perfumes.data.total,
                  shown: options.length,
                  total: perfumes.data.total,
                })
              : t('pickers.all', { count: options.length, total: options.length })}
          </p>
        ) : null}
        {perfumes.isError ? (
          <p className="notice notice--danger" role="alert">
            {t('contribute.perfumesFailed')}
          </p>
        ) : null}

        <fieldset className="curation-fieldset">
          <legend className="field__label">{t('contribute.chemicals')}</legend>
          {rows.map((row, index) => {
            const id = `${baseId}-row-${row.key}`;
            const n = index + 1;
            return (
              <div key={row.key} className="contribution-row" data-testid="contribution-row">
                <label className="field" htmlFor={`${id}-name`}>
                  <span className="field__label">{t('contribute.name', { n })}</span>
                  <input
                    id={`${id}-name`}
                    required
                    maxLength={200}
                    value={row.name}
                    onChange={(event) => update(row.key, { name: event.target.value })}
                  />
                </label>
                <label className="field" htmlFor={`${id}-type`}>
                  <span className="field__label">{t('curation.fields.type')}</span>
                  <select
                    id={`${id}-type`}
                    value={row.type}
                    onChange={(event) =>
                      update(row.key, { type: event.target.value as ContributionRow['type'] })
                    }
                  >
                    {CONTRIBUTION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`curation.types.${type}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field" htmlFor={`${id}-cas`}>
                  <span className="field__label">{t('curation.fields.cas')}</span>
                  <input
                    id={`${id}-cas`}
                    maxLength={20}
                    value={row.cas_number}
                    onChange={(event) => update(row.key, { cas_number: event.target.value })}
                  />
                </label>
                <label className="field" htmlFor={`${id}-min`}>
                  <span className="field__label">{t('contribute.min')}</span>
                  <input
                    id={`${id}-min`}
                    type="number"
                    min={0}
                    max={100}
                    step={0.01}
                    value={row.concentration_min}
                    onChange={(event) => update(row.key, { concentration_min: event.target.value })}
                  />
                </label>
                <label className="field" htmlFor={`${id}-max`}>
                  <span className="field__label">{t('contribute.max')}</span>
                  <input
                    id={`${id}-max`}
                    type="number"
                    min={0}
                    max={100}
                    step={0.01}
                    value={row.concentration_max}
                    onChange={(event) => update(row.key, { concentration_max: event.target.value })}
                  />
                </label>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={row.allergen_flag}
                    onChange={(event) => update(row.key, { allergen_flag: event.target.checked })}
                  />
                  <span>{t('contribute.allergen')}</span>
                </label>
                {rows.length > 1 ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                    aria-label={t('contribute.removeRow', { n })}
                  >
                    {t('contribute.remove')}
                  </button>
                ) : (
                  <span />
                )}
              </div>
            );
          })}
          <div>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setRows((current) => [...current, emptyRow()])}
              data-testid="contribute-add-row"
            >
              {t('contribute.addRow')}
            </button>
          </div>
        </fieldset>

        <label className="field" htmlFor={`${baseId}-notes`}>
          <span className="field__label">{t('contribute.notes')}</span>
          <textarea
            id={`${baseId}-notes`}
            rows={3}
            maxLength={5000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </label>

        {error ? (
          <p className="form__error" role="alert" data-testid="contribute-error">
            {t('contribute.error')}
            {error instanceof ApiError && error.detail ? error.detail : t('contribute.unknownError')}
          </p>
        ) : null}
        <div className="form__actions">
          <button
            type="button"
            className="link-button"
            onClick={() => setShowMine((v) => !v)}
            aria-expanded={showMine}
          >
            {t('contribute.mine')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={perfumeId === '' || mutation.isPending}
            data-testid="contribute-submit"
          >
            {mutation.isPending ? t('contribute.submitting') : t('contribute.submit')}
          </button>
        </div>
      </form>
      {showMine ? (
        <section className="curation-section" aria-label={t('contribute.mine')}>
          {mine.isLoading ? (
            <p role="status">{t('common.loading')}</p>
          ) : mine.isError ? (
            <p className="notice notice--danger" role="alert">
              {t('common.errorOccurred')}
            </p>
          ) : (mine.data ?? []).length === 0 ? (
            <p className="muted">{t('contribute.noneYet')}</p>
          ) : (
            <ul className="plain-list">
              {(mine.data ?? []).map((c) => (
                <li key={c.id}>
                  <strong>{c.perfume_name}</strong>: {c.chemical_data.map((e) => e.name).join(', ')}{' '}
                  <span className="badge badge--neutral">{t(`contribute.status.${c.status}`, c.status)}</span>
                  {c.rejection_reason ? <span className="muted"> · {c.rejection_reason}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </Modal>
  );
}
