import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '../../../lib/truncated-text.tsx';
import { trackPerfumeView } from '../../../lib/usage-tracker.ts';
import type { AllergenMatch } from '../allergen-match.ts';
import type { Perfume, PerfumeChemical } from '../api/perfume-normalize.ts';
import { AllergenEvidence } from './allergen-evidence.tsx';
import { ChemicalChip } from './chemical-chip.tsx';

const CHEMICALS_SHOWN = 8;
const NOTES_SHOWN = 12;

type PerfumeCardProps = {
  perfume: Perfume;
  allergenMatches: AllergenMatch[];
  onChemicalClick: (chemical: PerfumeChemical) => void;
  onNeedsEnhancement: (perfume: Perfume) => void;
};

function BottlePlaceholder({ label }: { label: string }) {
  return (
    <div className="perfume-card__placeholder" role="img" aria-label={label}>
      <svg viewBox="0 0 32 32" width="56" height="56" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M13 4h6v3h-1v3.2c3.5 1 6 4.2 6 8 0 4.6-3.6 9-8 9s-8-4.4-8-9c0-3.8 2.5-7 6-8V7h-1z"
        />
      </svg>
    </div>
  );
}

export function PerfumeCard({
  perfume,
  allergenMatches,
  onChemicalClick,
  onNeedsEnhancement,
}: PerfumeCardProps) {
  const { t } = useTranslation();
  // The dashboard's popular perfumes count these "views" (docs/analytics-api.md).
  const viewed = () => void trackPerfumeView(perfume.id);
  const [imageFailed, setImageFailed] = useState(false);
  const [showAllChemicals, setShowAllChemicals] = useState(false);
  const chemicals = showAllChemicals ? perfume.chemicals : perfume.chemicals.slice(0, CHEMICALS_SHOWN);
  const hiddenChemicals = perfume.chemicals.length - CHEMICALS_SHOWN;
  const noteNames = perfume.notes.map((note) => note.name);
  const meta = [
    perfume.year_released ? String(perfume.year_released) : null,
    t(`perfume.gender.${perfume.gender}`),
    perfume.concentration,
  ].filter(Boolean);

  return (
    <article
      className={`perfume-card${allergenMatches.length > 0 ? ' perfume-card--flagged' : ''}`}
      aria-label={t('perfume.cardLabel', { name: perfume.name, brand: perfume.brand })}
      data-testid="perfume-card"
      data-perfume-id={String(perfume.id)}
    >
      <div className="perfume-card__media">
        {perfume.image_url && !imageFailed ? (
          <img
            src={perfume.image_url}
            alt={t('perfume.imageAlt', { name: perfume.name, brand: perfume.brand })}
            loading="lazy"
            decoding="async"
            width={160}
            height={213}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <BottlePlaceholder label={t('perfume.noImage', { name: perfume.name })} />
        )}
      </div>
      <div className="perfume-card__body">
        <div className="perfume-card__badges">
          {perfume.complete ? (
            <span className="badge badge--success" data-testid="badge-complete">
              {t('perfume.complete')}
            </span>
          ) : (
            <button
              type="button"
              className="badge badge--warning"
              onClick={() => onNeedsEnhancement(perfume)}
              aria-label={t('perfume.needsEnhancementAction', { name: perfume.name })}
              data-testid="badge-needs-enhancement"
            >
              {t('perfume.needsEnhancement')}
            </button>
          )}
          {perfume.hypoallergenic ? (
            <span className="badge badge--info">{t('perfume.hypoallergenic')}</span>
          ) : null}
        </div>
        <h3 className="perfume-card__name">{perfume.name}</h3>
        {perfume.brand ? <p className="perfume-card__brand">{perfume.brand}</p> : null}
        <p className="perfume-card__meta">{meta.join(' · ')}</p>
        {perfume.perfumer ? (
          <p className="perfume-card__meta">{t('perfume.perfumer', { name: perfume.perfumer })}</p>
        ) : null}
        {allergenMatches.length > 0 ? (
          <div className="allergen-warning" role="note" data-testid="my-allergen-warning">
            <strong>{t('perfume.myAllergensTitle')}</strong>
            <ul className="allergen-warning__list">
              {allergenMatches.map((match) => (
                <li
                  key={match.name}
                  className={`allergen-warning__item allergen-warning__item--${match.kind}`}
                >
                  {match.name}{' '}
                  <span className="allergen-warning__kind">
                    ({match.kind === 'declared' ? t('perfume.declared') : t('perfume.inferred')})
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <TruncatedText
          text={perfume.description}
          limit={120}
          className="perfume-card__description"
          onExpand={viewed}
        />
        {perfume.chemicals.length > 0 ? (
          <div className="perfume-card__section">
            <h4 className="perfume-card__section-title">{t('perfume.chemicals')}</h4>
            <div className="chem-list">
              {chemicals.map((chemical) => (
                <ChemicalChip
                  key={`${chemical.kind}-${chemical.id ?? chemical.name}`}
                  chemical={chemical}
                  onClick={(clicked) => {
                    viewed();
                    onChemicalClick(clicked);
                  }}
                />
              ))}
              {hiddenChemicals > 0 ? (
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={showAllChemicals}
                  onClick={() => setShowAllChemicals((value) => !value)}
                >
                  {showAllChemicals
                    ? t('common.showLess')
                    : t('perfume.moreChemicals', { n: hiddenChemicals })}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
        {noteNames.length > 0 ? (
          <div className="perfume-card__section">
            <h4 className="perfume-card__section-title">{t('perfume.notes')}</h4>
            <p className="perfume-card__notes">
              {noteNames.slice(0, NOTES_SHOWN).join(', ')}
              {noteNames.length > NOTES_SHOWN ? ` +${noteNames.length - NOTES_SHOWN}` : ''}
            </p>
          </div>
        ) : null}
        {perfume.is_chemical_search ? null : <AllergenEvidence perfume={perfume} />}
        <p className="perfume-card__counts" data-testid="perfume-counts">
          {t('perfume.counts', { chemicals: perfume.chemical_count, notes: perfume.notes.length })}
        </p>
      </div>
    </article>
  );
}
