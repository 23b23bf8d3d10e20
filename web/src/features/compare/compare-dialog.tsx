import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorDetail } from '../../lib/api-client.ts';
import { useDateText } from '../../lib/dates.ts';
import { Modal } from '../../lib/modal.tsx';

type Basis = 'declared' | 'likely' | 'possible';
type Compared = {
  perfume: {
    id: string;
    name: string;
    brand: string;
    notes: Record<'top' | 'middle' | 'base' | 'unspecified', string[]>;
    allergens: { chemical_id: string; name: string; basis: Basis; probability: number | null }[];
    coverage: { specific_notes: number; resolved_notes: number; unknown_notes: string[] } | null;
    label: { source_name: string; source_date: string; names_fragrance?: boolean } | null;
    chemical_count: number;
  };
  regulatory_flags: {
    chemical_id: string;
    name: string;
    prohibited_in: string[];
    restricted_in: string[];
    prop65_listed: boolean;
  }[];
};

const POSITIONS = ['top', 'middle', 'base', 'unspecified'] as const;

/** Two or three perfumes side by side: notes by position, allergens by evidence, flags, coverage. */
export default function CompareDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const dateText = useDateText();
  // Plain state, not react-query: the comparison bar lives beside the app, outside its query client.
  const [answer, setAnswer] = useState<{ perfumes?: Compared[]; error?: unknown }>({});
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    setAnswer({});
    api
      .get<{ perfumes: Compared[] }>('/perfumes/compare', { query: { ids: key }, signal: controller.signal })
      .then(
        (data) => setAnswer({ perfumes: data.perfumes }),
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ error });
        },
      );
    return () => controller.abort();
  }, [key]);
  const perfumes = answer.perfumes ?? [];
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : '—');
  const row = (label: string, cell: (c: Compared) => ReactNode, testId?: string) => (
    <tr data-testid={testId}>
      <th scope="row">{label}</th>
      {perfumes.map((c) => (
        <td key={c.perfume.id}>{cell(c)}</td>
      ))}
    </tr>
  );
  return (
    <Modal title={t('compare.title')} onClose={onClose} size="full" testId="compare-dialog">
      {answer.error !== undefined ? (
        <p className="notice notice--danger" role="alert">
          {errorDetail(answer.error)}
        </p>
      ) : answer.perfumes === undefined ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <div className="compare-table-wrap">
          <table className="compare-table">
            <thead>
              <tr>
                <td />
                {perfumes.map((c) => (
                  <th key={c.perfume.id} scope="col">
                    {c.perfume.name}
                    <br />
                    <span className="muted">{c.perfume.brand}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {POSITIONS.map((pos) => row(t(`compare.notes.${pos}`), (c) => list(c.perfume.notes[pos])))}
              {row(
                t('compare.declared'),
                (c) => list(c.perfume.allergens.filter((a) => a.basis === 'declared').map((a) => a.name)),
                'compare-declared',
              )}
              {row(
                t('compare.inferred'),
                (c) =>
                  list(
                    c.perfume.allergens
                      .filter((a) => a.basis !== 'declared')
                      .map((a) => `${a.name} (${t(`alternatives.basis.${a.basis}`)})`),
                  ),
                'compare-inferred',
              )}
              {row(
                t('compare.flags'),
                (c) =>
                  list(
                    c.regulatory_flags.map((f) =>
                      [
                        f.name,
                        f.prohibited_in.length > 0
                          ? t('compare.prohibitedIn', { list: f.prohibited_in.join(', ') })
                          : '',
                        f.restricted_in.length > 0
                          ? t('compare.restrictedIn', { list: f.restricted_in.join(', ') })
                          : '',
                        f.prop65_listed ? t('compare.prop65') : '',
                      ]
                        .filter(Boolean)
                        .join(' – '),
                    ),
                  ),
                'compare-flags',
              )}
              {row(t('compare.coverage'), (c) => {
                const { label, coverage } = c.perfume;
                // A label that says only "Fragrance" is no evidence: the notes speak instead.
                if (label && label.names_fragrance !== false) {
                  return t('compare.fromLabel', {
                    source: label.source_name,
                    date: dateText(label.source_date),
                  });
                }
                if (coverage) {
                  return t('compare.notesResolved', {
                    resolved: coverage.resolved_notes,
                    count: coverage.specific_notes,
                  });
                }
                return label ? t('compare.silentLabel') : t('compare.unknownCoverage');
              })}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
