import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataValues } from '../../../lib/data-values.ts';
import type { Chemical } from '../../../types/api.ts';

/** How many materials or constituents show before "Show all". */
const FIRST = 8;

/**
 * What a natural material is made of, or which natural materials a molecule occurs in, from
 * published compositions, each with its typical share where a composition table gives it and its
 * source. Someone allergic to linalool learns that lavender oil is about a third linalool: a
 * perfume made with naturals carries the same allergens.
 */
export function NaturalOccurrenceBlock({
  chemical,
  onOpenChemical,
}: {
  chemical: Chemical;
  /** Opens a listed material's or constituent's own detail, when the database has a record of it. */
  onOpenChemical?: (chemical: { id: string; name: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [all, setAll] = useState(false);
  const constituents = chemical.safety_information?.constituents ?? [];
  const items = constituents.length > 0 ? constituents : (chemical.safety_information?.occurs_in ?? []);
  if (items.length === 0) return null;
  const kind = constituents.length > 0 ? 'constituents' : 'occursIn';
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <section className="info-block" aria-labelledby={titleId} data-testid="natural-occurrence">
      <h3 id={titleId} className="section-title">
        {t(`naturalOccurrence.${kind}.title`)}
      </h3>
      <p className="muted">{t(`naturalOccurrence.${kind}.intro`, { name: chemical.name })}</p>
      <ul className="occurrence-list">
        {shown.map((item) => (
          <li key={item.chemical_id ?? item.name} data-testid="natural-occurrence-item">
            {item.chemical_id !== null && onOpenChemical ? (
              <button
                type="button"
                className="link-button occurrence-list__name"
                onClick={() => onOpenChemical({ id: item.chemical_id!, name: item.name })}
              >
                {item.name}
              </button>
            ) : (
              <span className="occurrence-list__name">{item.name}</span>
            )}
            {item.as ? <> ({t('naturalOccurrence.as', { name: item.as })})</> : null}
            {' — '}
            {item.typical_percent !== null
              ? t('naturalOccurrence.typical', { percent: format.format(item.typical_percent) })
              : item.principal
                ? t('naturalOccurrence.principal')
                : t('naturalOccurrence.present')}
            {item.allergen ? (
              <>
                {' '}
                <span className="badge badge--warning">{t('naturalOccurrence.allergen')}</span>
              </>
            ) : null}
            {item.sources.length > 0 ? (
              <span className="occurrence-list__source muted" data-testid="natural-occurrence-source">
                {t('naturalOccurrence.sourceLabel')} {/* The references as published (in English). */}
                <span lang="en">{item.sources.join('; ')}</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {items.length > FIRST ? (
        <button type="button" className="link-button" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? t('naturalOccurrence.fewer') : t('naturalOccurrence.all', { count: items.length })}
        </button>
      ) : null}
    </section>
  );
}

/**
 * A chemical's type in words; a molecule that natural materials contain says so beside its type
 * (linalool is `synthetic` by kind, an aroma chemical, yet lavender oil is about a third linalool).
 */
export function useChemicalTypeText(): (chemical: Pick<Chemical, 'type' | 'safety_information'>) => string {
  const { t } = useTranslation();
  const values = useDataValues();
  return (chemical) => {
    const type = values.chemicalType(chemical.type);
    if (!type || (chemical.safety_information?.occurs_in ?? []).length === 0) return type;
    return t('naturalOccurrence.typeAlsoNatural', { type });
  };
}
