import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../lib/api-client.ts';
import { type ChemicalPick, togglePick, useChemicalMatches } from '../../../lib/chemical-matches.ts';
import { CancelSubmitActions, CloseActions } from '../../../lib/form-fields.tsx';
import { LoadMore, MatchCount } from '../../../lib/load-more.tsx';
import { Modal } from '../../../lib/modal.tsx';
import { SavePermissionNotice, useSavePermission } from '../../../lib/save-permission.tsx';
import { SelectedChips } from '../../../lib/selected-chips.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { Id } from '../../../types/api.ts';
import {
  BULK_ACTIONS,
  type BulkAction,
  chosenBrand,
  useBrandPerfumes,
  useBulkAssign,
  useCurationBrands,
} from '../api/bulk-assign.ts';
import '../../../lib/form-dialogs.css';

/** Chemicals listed before anything is typed, and at most while a search narrows them (the rest are counted). */
export const UNFILTERED_LIMIT = 50;
export const FILTERED_LIMIT = 100;

function toggled(list: Id[], id: Id): Id[] {
  return list.some((x) => String(x) === String(id))
    ? list.filter((x) => String(x) !== String(id))
    : [...list, id];
}

type BulkAssignDialogProps = {
  onClose: () => void;
};

/** Bulk assignment: brand → perfumes, chemicals, action, summary, submit. */
export default function BulkAssignDialog({ onClose }: BulkAssignDialogProps) {
  const { t } = useTranslation();
  const permission = useSavePermission('admin');
  const baseId = useId();
  const [brandText, setBrandText] = useState('');
  const brandQuery = useDebouncedValue(brandText, 200);
  const [perfumeIds, setPerfumeIds] = useState<Id[]>([]);
  const [picked, setPicked] = useState<ChemicalPick[]>([]);
  const chemicalIds = picked.map((p) => p.id);
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, 300).trim();
  const [action, setAction] = useState<BulkAction>('add');
  const brands = useCurationBrands(brandQuery);
  const brandMatches = brands.data ?? [];
  const brand = chosenBrand(brandText, brandMatches);
  const perfumes = useBrandPerfumes(brand);
  const brandPerfumes = useMemo(
    () => (perfumes.data?.pages ?? []).flatMap((p) => p.perfumes),
    [perfumes.data],
  );
  const brandTotal = perfumes.data?.pages[0]?.total ?? brandPerfumes.length;
  const mutation = useBulkAssign();
  // Every chemical is searched on the server (exact name or CAS number first); only a page comes back.
  const chemicals = useChemicalMatches(debounced, debounced ? FILTERED_LIMIT : UNFILTERED_LIMIT);
  const visible = chemicals.data?.items ?? [];
  const chemicalTotal = chemicals.data?.total ?? 0;
  const nameOf = (id: Id) => picked.find((p) => String(p.id) === String(id))?.name ?? String(id);
  const ready = perfumeIds.length > 0 && chemicalIds.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    mutation.mutate({ perfumeIds, chemicalIds, action });
  };

  if (mutation.isSuccess) {
    return (
      <Modal title={t('bulk.title')} onClose={onClose} testId="bulk-assign-dialog">
        <p className="notice notice--success" role="status" data-testid="bulk-success">
          {t(`bulk.success.${action}`, { count: mutation.data.updated_count })}
        </p>
        <CloseActions onClose={onClose} />
      </Modal>
    );
  }

  return (
    <Modal title={t('bulk.title')} onClose={onClose} size="large" testId="bulk-assign-dialog">
      <SavePermissionNotice need="admin" permission={permission} />
      <form className="form" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('bulk.brand')}</span>
          <input
            type="search"
            value={brandText}
            list={`${baseId}-brands`}
            placeholder={t('bulk.chooseBrand')}
            autoComplete="off"
            onChange={(event) => {
              setBrandText(event.target.value);
              setPerfumeIds([]);
            }}
            data-testid="bulk-brand"
          />
          <datalist id={`${baseId}-brands`} data-testid="bulk-brand-options">
            {brandMatches.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </label>

        <fieldset className="curation-fieldset">
          <legend className="field__label">{t('bulk.perfumes', { count: perfumeIds.length })}</legend>
          {brand === '' ? (
            <p className="muted">{t('bulk.pickBrandFirst')}</p>
          ) : perfumes.isLoading ? (
            <p role="status">{t('common.loading')}</p>
          ) : perfumes.isError ? (
            <p className="notice notice--danger" role="alert">
              {t('bulk.perfumesFailed', { detail: errorDetail(perfumes.error) })}
            </p>
          ) : (
            <>
              <ul className="pick-list" data-testid="bulk-perfumes">
                {brandPerfumes.map((perfume) => (
                  <li key={String(perfume.id)} className="pick-list__item">
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={perfumeIds.some((x) => String(x) === String(perfume.id))}
                        onChange={() => setPerfumeIds((current) => toggled(current, perfume.id))}
                      />
                      <span className="pick-list__name">{perfume.name}</span>
                    </label>
                    <span className="badge badge--neutral">
                      {t('bulk.chemicalCount', { count: perfume.chemical_count })}
                    </span>
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={brandPerfumes.length}
                total={brandTotal}
                loading={perfumes.isFetchingNextPage}
                onMore={perfumes.hasNextPage ? () => void perfumes.fetchNextPage() : undefined}
                testId="bulk-perfumes-more"
              />
            </>
          )}
        </fieldset>

        <fieldset className="curation-fieldset">
          <legend className="field__label">{t('bulk.chemicals', { count: chemicalIds.length })}</legend>
          <label className="field" htmlFor={`${baseId}-search`}>
            <span className="visually-hidden">{t('curation.search')}</span>
            <input
              id={`${baseId}-search`}
              type="search"
              value={query}
              placeholder={t('curation.searchPlaceholder')}
              onChange={(event) => setQuery(event.target.value)}
              data-testid="bulk-chemical-search"
            />
          </label>
          <SelectedChips
            ids={chemicalIds}
            nameOf={nameOf}
            label={t('bulk.selectedChemicals')}
            removeLabel={(name) => t('bulk.removeChemical', { name })}
            onRemove={(id) => setPicked((current) => togglePick(current, { id, name: nameOf(id) }))}
          />
          {chemicals.isLoading ? (
            <p role="status">{t('common.loading')}</p>
          ) : chemicals.isError ? (
            <p className="notice notice--danger" role="alert">
              {t('curation.loadFailed')}
            </p>
          ) : visible.length === 0 ? (
            <p className="muted">{t('filters.noMatches')}</p>
          ) : (
            <>
              <MatchCount shown={visible.length} total={chemicalTotal} testId="bulk-chemicals-count" />
              <ul className="pick-list" data-testid="bulk-chemicals">
                {visible.map((chemical) => (
                  <li key={String(chemical.id)} className="pick-list__item">
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={chemicalIds.some((x) => String(x) === String(chemical.id))}
                        onChange={() => setPicked((current) => togglePick(current, chemical))}
                      />
                      <span className="pick-list__name">
                        {chemical.name}
                        {chemical.cas_number ? <span className="muted"> · {chemical.cas_number}</span> : null}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )}
        </fieldset>

        <label className="field">
          <span className="field__label">{t('bulk.action')}</span>
          <select
            value={action}
            onChange={(event) => setAction(event.target.value as BulkAction)}
            data-testid="bulk-action"
          >
            {BULK_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`bulk.actions.${value}`)}
              </option>
            ))}
          </select>
        </label>

        <p className="muted" aria-live="polite" data-testid="bulk-summary">
          {ready
            ? t(`bulk.summary.${action}`, { chemicals: chemicalIds.length, perfumes: perfumeIds.length })
            : t('bulk.selectBoth')}
        </p>
        {mutation.isError ? (
          <p className="form__error" role="alert">
            {t('curation.error', { detail: errorDetail(mutation.error) })}
          </p>
        ) : null}
        <CancelSubmitActions
          onCancel={onClose}
          submitLabel={t('bulk.submit')}
          pending={mutation.isPending}
          disabled={!ready}
          testId="bulk-submit"
        />
      </form>
    </Modal>
  );
}
