import { useTranslation } from 'react-i18next';
import { errorDetail } from '../../lib/api-client.ts';
import { Modal } from '../../lib/modal.tsx';
import { type AlternativeItem, useAlternatives } from './get-alternatives.ts';
import './alternatives.css';

const POSITIONS = ['top', 'middle', 'base', 'unspecified'] as const;

function Shares({ item }: { item: AlternativeItem }) {
  const { t } = useTranslation();
  const parts = [
    item.shares.accords.length > 0
      ? t('alternatives.sharedAccords', { list: item.shares.accords.join(', ') })
      : null,
    ...POSITIONS.map((pos) =>
      item.shares.notes[pos].length > 0
        ? t(`alternatives.sharedNotes.${pos}`, { list: item.shares.notes[pos].join(', ') })
        : null,
    ),
  ].filter((x): x is string => x !== null);
  return <p className="alternative__shares">{t('alternatives.shares', { list: parts.join(' · ') })}</p>;
}

/** Perfumes that smell alike and contain none of my allergens, each with what it shares and avoids. */
export default function AlternativesDialog({
  perfume,
  excluded,
  onClose,
}: {
  perfume: { id: string; name: string };
  excluded: string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const answer = useAlternatives(perfume.id, excluded);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const data = answer.data;
  const contained = data?.excluded.filter((e) => e.in_original !== null) ?? [];
  return (
    <Modal
      title={t('alternatives.title', { name: perfume.name })}
      description={
        excluded.length === 0
          ? t('alternatives.introNoProfile')
          : t('alternatives.intro', { count: excluded.length })
      }
      onClose={onClose}
      size="large"
      testId="alternatives-dialog"
    >
      {answer.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : answer.isError ? (
        <p className="notice notice--danger" role="alert">
          {errorDetail(answer.error)}
        </p>
      ) : data ? (
        <>
          {contained.length > 0 ? (
            <p className="notice" data-testid="alternatives-original-contains">
              {t('alternatives.originalContains', {
                name: perfume.name,
                list: contained
                  .map((e) => `${e.name} (${t(`alternatives.basis.${e.in_original}`)})`)
                  .join(', '),
              })}
            </p>
          ) : null}
          {data.items.length === 0 ? (
            <p className="muted" data-testid="alternatives-empty">
              {t('alternatives.none')}
            </p>
          ) : (
            <ol className="alternatives" data-testid="alternatives-list">
              {data.items.map((item) => (
                <li key={item.perfume.id} className="alternative" data-testid="alternative">
                  <div className="alternative__head">
                    <a
                      className="alternative__name"
                      href={`/?${new URLSearchParams({ q: item.perfume.name, perfume: item.perfume.id }).toString()}`}
                    >
                      {item.perfume.name}
                    </a>
                    <span className="muted"> · {item.perfume.brand}</span>
                    <span className="badge badge--info alternative__score">
                      {t('alternatives.similarity', { value: percent.format(item.similarity) })}
                    </span>
                  </div>
                  <Shares item={item} />
                  {item.avoids.length > 0 ? (
                    <p className="alternative__avoids" data-testid="alternative-avoids">
                      {t('alternatives.avoids', { list: item.avoids.join(', ') })}
                    </p>
                  ) : excluded.length > 0 ? (
                    <p className="alternative__avoids">{t('alternatives.freeOfProfile')}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </Modal>
  );
}
