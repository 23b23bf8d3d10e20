import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PerfumeActionsSlot } from '../../../lib/feature-slots.tsx';
import { useRovingFocus } from '../../../lib/roving-focus.ts';
import { TruncatedText } from '../../../lib/truncated-text.tsx';
import { trackPerfumeView } from '../../../lib/usage-tracker.ts';
import type { AllergenMatch } from '../allergen-match.ts';
import { usePerfumeDetail } from '../api/get-perfumes.ts';
import type { Perfume, PerfumeChemical } from '../api/perfume-normalize.ts';
import { AllergenEvidence } from './allergen-evidence.tsx';
import { ChemicalChip } from './chemical-chip.tsx';
import './perfume-card.css';

/** Lists up to this long are shown whole; longer ones show their allergens and "N more". */
const CHEMICALS_SHOWN_WHOLE = 6;
const ALLERGENS_SHOWN = 8;
const NOTES_SHOWN = 12;

type PerfumeCardProps = {
  perfume: Perfume;
  allergenMatches: AllergenMatch[];
  /** A chip was clicked: the chemical, and the perfume whose card it is on. */
  onChemicalClick: (chemical: PerfumeChemical, perfume: { id: string; name: string }) => void;
  onNeedsEnhancement: (perfume: Perfume) => void;
  /** The address named this perfume: outlined. */
  highlighted?: boolean;
  /** The card's name links to the perfume's own address (shareable); a click follows it in-page. */
  href?: string;
  onShow?: (perfume: { id: string; name: string }) => void;
};

/** The chips shown before "N more": all of a short list, else the allergens (the reason to look). */
export function collapsedChemicals(chemicals: PerfumeChemical[]): PerfumeChemical[] {
  if (chemicals.length <= CHEMICALS_SHOWN_WHOLE) return chemicals;
  return chemicals.filter((chemical) => chemical.allergen).slice(0, ALLERGENS_SHOWN);
}

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
  highlighted = false,
  href,
  onShow,
}: PerfumeCardProps) {
  const { t } = useTranslation();
  // The dashboard's popular perfumes count these "views" (docs/analytics-api.md).
  const viewed = () => void trackPerfumeView(perfume.id);
  const [imageFailed, setImageFailed] = useState(false);
  const [showAllChemicals, setShowAllChemicals] = useState(false);
  // Phones show a compact card; Details shows the rest (the toggle is hidden at larger sizes).
  const [details, setDetails] = useState(false);
  // A list card holds the chips drawn collapsed; opening it fetches the full perfume once.
  const listCard = perfume.allergenCounts !== null;
  const [opened, setOpened] = useState(false);
  const detail = usePerfumeDetail(String(perfume.id), listCard && opened);
  const full = detail.data ?? perfume;
  const open = () => {
    setOpened(true);
    viewed();
  };
  const collapsed = listCard ? perfume.chemicals : collapsedChemicals(perfume.chemicals);
  const chemicals = showAllChemicals && !(listCard && !detail.data) ? full.chemicals : collapsed;
  const hiddenChemicals = (listCard ? perfume.chemical_count : perfume.chemicals.length) - collapsed.length;
  const roving = useRovingFocus(chemicals.length);
  const showImage = Boolean(perfume.image_url) && !imageFailed;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onShow || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onShow({ id: String(perfume.id), name: perfume.name });
  };
  const noteNames = perfume.notes.map((note) => note.name);
  const meta = [
    perfume.year_released ? String(perfume.year_released) : null,
    t(`perfume.gender.${perfume.gender}`),
    perfume.concentration,
  ].filter(Boolean);

  return (
    <article
      className={`perfume-card${allergenMatches.length > 0 ? ' perfume-card--flagged' : ''}${highlighted ? ' perfume-card--highlighted' : ''}${details ? ' perfume-card--details' : ''}`}
      tabIndex={-1}
      aria-label={t('perfume.cardLabel', { name: perfume.name, brand: perfume.brand })}
      data-testid="perfume-card"
      data-perfume-id={String(perfume.id)}
    >
      <div className={`perfume-card__media${showImage ? '' : ' perfume-card__media--empty'}`}>
        {showImage && perfume.image_url ? (
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
        <h3 className="perfume-card__name">
          {href ? (
            <a href={href} onClick={follow} className="perfume-card__link" data-testid="perfume-link">
              {perfume.name}
            </a>
          ) : (
            perfume.name
          )}
        </h3>
        <div className="perfume-card__byline">
          {perfume.brand ? <p className="perfume-card__brand">{perfume.brand}</p> : null}
          <p className="perfume-card__meta perfume-card__meta--main">{meta.join(' · ')}</p>
        </div>
        {perfume.perfumer ? (
          <p className="perfume-card__meta perfume-card__extra">
            {t('perfume.perfumer', { name: perfume.perfumer })}
          </p>
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
          className="perfume-card__description perfume-card__extra"
          onExpand={viewed}
        />
        {perfume.chemicals.length > 0 || perfume.chemical_count > 0 ? (
          <div className="perfume-card__section perfume-card__extra">
            <h4 className="perfume-card__section-title">{t('perfume.chemicals')}</h4>
            {/* One Tab stop for the whole group; the arrow keys move between chips. */}
            <div className="chem-list">
              <div
                className="chem-list__chips"
                role="toolbar"
                aria-label={t('perfume.chemicalsOf', { name: perfume.name })}
                onKeyDown={roving.onKeyDown}
              >
                {chemicals.map((chemical, index) => (
                  <ChemicalChip
                    key={`${chemical.kind}-${chemical.id ?? chemical.name}`}
                    rovingProps={roving.itemProps(index)}
                    chemical={chemical}
                    onClick={(clicked) => {
                      viewed();
                      onChemicalClick(clicked, { id: String(perfume.id), name: perfume.name });
                    }}
                  />
                ))}
              </div>
              {hiddenChemicals > 0 ? (
                <button
                  type="button"
                  className="link-button"
                  aria-expanded={showAllChemicals}
                  onClick={() => {
                    if (!showAllChemicals) open();
                    setShowAllChemicals((value) => !value);
                  }}
                >
                  {showAllChemicals
                    ? t('common.showLess')
                    : t('perfume.moreChemicals', { count: hiddenChemicals })}
                </button>
              ) : null}
            </div>
          </div>
        ) : null}
        {noteNames.length > 0 ? (
          <div className="perfume-card__section perfume-card__extra">
            <h4 className="perfume-card__section-title">{t('perfume.notes')}</h4>
            <p className="perfume-card__notes">
              {noteNames.slice(0, NOTES_SHOWN).join(', ')}
              {noteNames.length > NOTES_SHOWN ? ` +${noteNames.length - NOTES_SHOWN}` : ''}
            </p>
          </div>
        ) : null}
        {listCard && opened && detail.isLoading ? (
          <p className="muted" role="status">
            {t('common.loading')}
          </p>
        ) : null}
        {listCard && opened && detail.isError ? (
          <p className="notice notice--danger" role="alert">
            {t('perfume.detailFailed')}
          </p>
        ) : null}
        {perfume.is_chemical_search ? null : <AllergenEvidence perfume={full} onShowAll={open} />}
        <p className="perfume-card__counts perfume-card__extra" data-testid="perfume-counts">
          {t('perfume.chemicalCount', { count: perfume.chemical_count })} ·{' '}
          {t('perfume.noteCount', { count: perfume.notes.length })}
        </p>
        <div className="perfume-card__footer">
          <PerfumeActionsSlot perfume={{ id: String(perfume.id), name: perfume.name }} />
          <button
            type="button"
            className="link-button perfume-card__details-toggle"
            aria-expanded={details}
            aria-label={t(details ? 'perfume.lessDetailsOf' : 'perfume.detailsOf', { name: perfume.name })}
            onClick={() => {
              if (!details) viewed();
              setDetails((value) => !value);
            }}
            data-testid="card-details-toggle"
          >
            {details ? t('perfume.lessDetails') : t('perfume.details')}
          </button>
        </div>
      </div>
    </article>
  );
}
