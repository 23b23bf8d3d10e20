import { useTranslation } from 'react-i18next';
import { useDateText } from '../../../lib/dates.ts';
import { allergenTotal, type Perfume } from '../api/perfume-normalize.ts';

/**
 * What the product knows of a perfume's allergens, in plain words on every screen size: where the
 * list comes from (the label, the notes, or nothing), which notes are unknown, and for each allergen
 * whether it is declared, likely or possible. No meaning hides in colour or on hover.
 */
export function AllergenEvidence({ perfume, onShowAll }: { perfume: Perfume; onShowAll?: () => void }) {
  const { t, i18n } = useTranslation();
  const dateText = useDateText();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent' });
  const c = perfume.coverage;
  // The long sentence, and the one-line form a phone shows ("Allergens estimated from 9 of 11 notes").
  let source: string;
  let short: string;
  switch (perfume.knowledge) {
    case 'declared_list':
      source = t('evidence.fromLabel', {
        source: perfume.label?.sourceName ?? '',
        date: dateText(perfume.label?.sourceDate ?? ''),
      });
      short = t('evidence.short.label', { source: perfume.label?.sourceName ?? '' });
      break;
    case 'notes_resolved':
      source = t('evidence.fromAllNotes', { count: c?.specific ?? 0 });
      short = t('evidence.short.allNotes', { count: c?.specific ?? 0 });
      break;
    case 'partial':
      source = t('evidence.fromSomeNotes', { resolved: c?.resolved ?? 0, count: c?.specific ?? 0 });
      short = t('evidence.short.someNotes', { resolved: c?.resolved ?? 0, count: c?.specific ?? 0 });
      break;
    default:
      // No label and no specific note: any estimate comes from the brand and base rates alone.
      if (allergenTotal(perfume) > 0) {
        source = t('evidence.typicalOnly');
        short = t('evidence.short.typicalOnly');
      } else {
        source = t('evidence.unknown');
        short = t('evidence.short.unknown');
      }
  }
  // A label that says only "Fragrance": it is shown, but it is no evidence about allergens, and the
  // sentences above (written for a perfume without a label) would say there is no list.
  const silentLabel = perfume.label !== null && !perfume.label.namesFragrance;
  if (silentLabel) {
    source = t('evidence.silentLabel', {
      source: perfume.label?.sourceName ?? '',
      date: perfume.label?.sourceDate ?? '',
    });
    short =
      perfume.knowledge === 'none'
        ? t('evidence.short.silentLabel')
        : t('evidence.short.silentLabelNotes', { known: short });
  }
  const unknown = perfume.knowledge === 'declared_list' ? [] : (c?.unknown ?? []);
  if (unknown.length > 0)
    short = t('evidence.short.withUnknown', { known: short, notes: unknown.join(', ') });
  const strong = perfume.allergenEvidence.filter((a) => a.basis !== 'possible');
  const possible = perfume.allergenEvidence.filter((a) => a.basis === 'possible');
  // A list card names only its first allergens; the rest come with the full perfume.
  const more = allergenTotal(perfume) - perfume.allergenEvidence.length;
  return (
    <div
      className="perfume-card__section evidence"
      data-testid="allergen-evidence"
      data-knowledge={perfume.knowledge}
    >
      <h4 className="perfume-card__section-title">{t('perfume.allergens')}</h4>
      <p className="evidence__short" data-testid="evidence-short">
        {short}
      </p>
      <p className="evidence__source">{source}</p>
      {unknown.length > 0 ? (
        <p className="evidence__unknown">{t('evidence.unknownNotes', { notes: unknown.join(', ') })}</p>
      ) : null}
      {strong.length > 0 || (more > 0 && onShowAll) ? (
        <div className="evidence__chips">
          {strong.length > 0 ? (
            <ul className="evidence__list">
              {strong.map((a) => {
                const chance = a.probability === null ? '' : percent.format(a.probability);
                return (
                  <li
                    key={a.name}
                    className={`evidence__item evidence__item--${a.basis}`}
                    data-basis={a.basis}
                  >
                    <span className="evidence__name">{a.name}</span>{' '}
                    {a.basis === 'declared' ? (
                      <span className="evidence__basis">{t('evidence.declared')}</span>
                    ) : (
                      <>
                        <span className="evidence__basis evidence__basis--full">
                          {t('evidence.likely', { chance })}
                        </span>
                        <span className="evidence__basis evidence__basis--short">
                          {t('evidence.likelyShort', { chance }).trim()}
                        </span>
                      </>
                    )}
                    {a.fromNotes.length > 0 ? (
                      <span className="evidence__notes">
                        {' '}
                        · {t('evidence.fromNotes', { notes: a.fromNotes.join(', ') })}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {more > 0 && onShowAll ? (
            <button
              type="button"
              className="link-button"
              onClick={onShowAll}
              data-testid="allergens-show-all"
            >
              {t(perfume.allergenEvidence.length > 0 ? 'evidence.moreAllergens' : 'evidence.showAllergens', {
                count: more,
              })}
            </button>
          ) : null}
        </div>
      ) : null}
      {possible.length > 0 ? (
        <p className="evidence__possible" data-basis="possible">
          <span className="evidence__basis">{t('evidence.possibleList')}</span>{' '}
          {possible
            .map((a) => (a.probability === null ? a.name : `${a.name} (${percent.format(a.probability)})`))
            .join(', ')}
        </p>
      ) : null}
      {perfume.allergenEvidence.length > 0 || more > 0 ? null : perfume.knowledge === 'declared_list' ? (
        <p className="evidence__none">{t('evidence.noneDeclared')}</p>
      ) : perfume.knowledge === 'notes_resolved' ? (
        <p className="evidence__none">{t('evidence.noneExpected')}</p>
      ) : null}
    </div>
  );
}
