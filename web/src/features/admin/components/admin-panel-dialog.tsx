import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../../lib/api-client.ts';
import { useDataValues } from '../../../lib/data-values.ts';
import { Modal } from '../../../lib/modal.tsx';
import { TabList } from '../../../lib/tab-list.tsx';
import {
  type PendingAccount,
  type ReviewContribution,
  type ReviewInput,
  usePendingAccounts,
  useReview,
  useSubmittedContributions,
} from '../api/admin.ts';
import '../../../lib/form-dialogs.css';

const TABS = ['accounts', 'contributions'] as const;
type Tab = (typeof TABS)[number];

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** Approve, or reject with a reason (asked for inline). */
function ReviewActions({
  label,
  busy,
  onReview,
  testId,
}: {
  label: string;
  busy: boolean;
  onReview: (decision: 'approve' | 'reject', reason?: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  if (rejecting) {
    return (
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          onReview('reject', reason);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('admin.reason', { name: label })}
        </label>
        <input
          id={id}
          required
          maxLength={1000}
          placeholder={t('admin.reasonPlaceholder')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="submit"
          className="button button--danger button--small"
          disabled={busy || reason.trim() === ''}
        >
          {t('admin.confirmReject')}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setRejecting(false)}
        >
          {t('common.cancel')}
        </button>
      </form>
    );
  }
  return (
    <span className="row">
      <button
        type="button"
        className="button button--primary button--small"
        disabled={busy}
        onClick={() => onReview('approve')}
        aria-label={t('admin.approveLabel', { name: label })}
        data-testid={`${testId}-approve`}
      >
        {t('admin.approve')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={() => setRejecting(true)}
        aria-label={t('admin.rejectLabel', { name: label })}
      >
        {t('admin.reject')}
      </button>
    </span>
  );
}

function AccountsTab({
  onReview,
  busy,
}: {
  onReview: (input: ReviewInput, label: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const accounts = usePendingAccounts();
  if (accounts.isLoading) return <p role="status">{t('common.loading')}</p>;
  if (accounts.isError) {
    return (
      <p className="notice notice--danger" role="alert">
        {t('curation.error', { detail: errorDetail(accounts.error) })}
      </p>
    );
  }
  const list: PendingAccount[] = accounts.data ?? [];
  if (list.length === 0) return <p className="muted">{t('admin.noPendingAccounts')}</p>;
  return (
    <ul className="pick-list" data-testid="admin-accounts">
      {list.map((account) => (
        <li key={account.id} className="pick-list__item" data-testid="admin-account">
          <span className="pick-list__name">
            <strong>{account.username}</strong> <span className="muted">· {account.email}</span>{' '}
            <span className="badge badge--outline">{t(`roles.${account.role}`, account.role)}</span>
          </span>
          <ReviewActions
            label={account.username}
            busy={busy}
            testId="admin-account"
            onReview={(decision, reason) =>
              onReview(
                { kind: 'accounts', id: account.id, decision, ...(reason !== undefined && { reason }) },
                account.username,
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}

function ContributionsTab({
  onReview,
  busy,
}: {
  onReview: (input: ReviewInput, label: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const values = useDataValues();
  const contributions = useSubmittedContributions();
  if (contributions.isLoading) return <p role="status">{t('common.loading')}</p>;
  if (contributions.isError) {
    return (
      <p className="notice notice--danger" role="alert">
        {t('curation.error', { detail: errorDetail(contributions.error) })}
      </p>
    );
  }
  const list: ReviewContribution[] = contributions.data ?? [];
  if (list.length === 0) return <p className="muted">{t('admin.noContributions')}</p>;
  return (
    <div className="curation-section" data-testid="admin-contributions">
      {list.map((c) => (
        <article key={c.id} className="review-card" data-testid="admin-contribution">
          <h3 className="section-title">
            {c.perfume?.name ?? c.perfume_name}
            {c.perfume?.brand ? <span className="muted"> — {c.perfume.brand}</span> : null}
          </h3>
          <p className="muted">
            {t('admin.contributedBy', {
              name: c.contributor_username ?? '?',
              role: t(`roles.${c.contributor_role}`, c.contributor_role),
            })}
          </p>
          <p>
            <strong>{t('admin.currentChemicals')}</strong>{' '}
            {c.perfume && c.perfume.chemicals.length > 0
              ? c.perfume.chemicals.map((chemical) => chemical.name).join(', ')
              : t('admin.none')}
          </p>
          <table>
            <caption className="visually-hidden">{t('admin.contributedChemicals')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('curation.fields.name')}</th>
                <th scope="col">{t('curation.fields.type')}</th>
                <th scope="col">{t('curation.fields.cas')}</th>
                <th scope="col">{t('admin.concentration')}</th>
                <th scope="col">{t('contribute.allergen')}</th>
              </tr>
            </thead>
            <tbody>
              {c.chemical_data.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never reorder
                <tr key={index}>
                  <td>{entry.name}</td>
                  <td>{t(`curation.types.${entry.type}`, entry.type)}</td>
                  <td>{entry.cas_number ?? t('values.notGiven')}</td>
                  <td>{values.concentration(entry.concentration_min, entry.concentration_max)}</td>
                  <td>{entry.allergen_flag ? t('common.yes') : t('common.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {c.contributor_notes ? <p className="muted">{c.contributor_notes}</p> : null}
          <ReviewActions
            label={c.perfume_name}
            busy={busy}
            testId="admin-contribution"
            onReview={(decision, reason) =>
              onReview(
                { kind: 'contributions', id: c.id, decision, ...(reason !== undefined && { reason }) },
                c.perfume_name,
              )
            }
          />
        </article>
      ))}
    </div>
  );
}

/** Admin review (visible to admins): pending accounts and submitted contributions, approve or reject. */
export default function AdminPanelDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const baseId = useId();
  const [tab, setTab] = useState<Tab>('accounts');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mutation = useReview();

  const onReview = (input: ReviewInput, label: string) => {
    setOutcome(null);
    mutation.mutate(input, {
      onSuccess: () =>
        setOutcome({
          kind: 'success',
          text: t(`admin.done.${input.kind}.${input.decision}`, { name: label }),
        }),
      onError: (error) =>
        setOutcome({ kind: 'error', text: t('curation.error', { detail: errorDetail(error) }) }),
    });
  };

  return (
    <Modal title={t('admin.title')} onClose={onClose} size="large" testId="admin-panel">
      <TabList
        tabs={TABS}
        current={tab}
        onSelect={setTab}
        baseId={baseId}
        panelId={() => `${baseId}-panel`}
        label={t('admin.title')}
        labelOf={(name) => t(`admin.tabs.${name}`)}
        testIdPrefix="admin-tab"
      />
      {outcome ? (
        <p
          className={`notice ${outcome.kind === 'success' ? 'notice--success' : 'notice--danger'}`}
          role={outcome.kind === 'success' ? 'status' : 'alert'}
          data-testid="admin-message"
        >
          {outcome.text}
        </p>
      ) : null}
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="tabs__panel"
      >
        {tab === 'accounts' ? (
          <AccountsTab onReview={onReview} busy={mutation.isPending} />
        ) : (
          <ContributionsTab onReview={onReview} busy={mutation.isPending} />
        )}
      </div>
    </Modal>
  );
}
