import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateText } from '../../../lib/dates.ts';
import { type Prop65View, type SafeHarborLevel, safeHarborGroups } from '../lib/regulatory-view.ts';
import { SourceLine } from './source-line.tsx';

/** Prop 65 toxicity types in words (`developmental` → `developmental toxicity`), joined by commas. */
export function useToxicityText(): (types: readonly string[]) => string {
  const { t } = useTranslation();
  return (types) => types.map((type) => t(`regulatory.toxicity.${type}`, { defaultValue: type })).join(', ');
}

/**
 * California Proposition 65: the current listing (or its delisting) and the safe harbor levels, the
 * daily exposures below which no warning is needed: a no significant risk level (NSRL) for cancer,
 * a maximum allowable dose level (MADL) for reproductive harm. OEHHA's notes stay in English, marked
 * as such.
 */
export function Prop65Block({ prop65 }: { prop65: Prop65View }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateText = useDateText();
  const number = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 6 }), [language]);
  const toxicity = useToxicityText();
  const amount = (l: SafeHarborLevel) => {
    const text = t(l.unit === 'fibers/day' ? 'regulatory.fibresPerDay' : 'regulatory.microgramsPerDay', {
      amount: number.format(l.amount),
    });
    const route = l.route
      ? t(`regulatory.route.${l.route.toLowerCase().replace(/\s+/g, '_')}`, { defaultValue: `(${l.route})` })
      : '';
    return route ? `${text} ${route}` : text;
  };
  const groups = safeHarborGroups(prop65);
  const notes = [...new Set(groups.flatMap((g) => g.levels.map((l) => l.note)).filter((n) => n !== null))];
  return (
    <div className="info-block__text" data-testid="prop65">
      <p>
        <strong>{t('regulatory.prop65Title')}</strong>{' '}
        {prop65.status === 'delisted'
          ? t('regulatory.prop65Delisted', {
              date: prop65.date_delisted ? dateText(prop65.date_delisted) : t('common.unknown'),
            })
          : t('regulatory.prop65Listed', {
              listings: (
                prop65.listings ?? [
                  { toxicity_types: prop65.toxicity_types ?? [], date_listed: prop65.date_listed ?? null },
                ]
              )
                .map((l) =>
                  t('regulatory.prop65Listing', {
                    types: toxicity(l.toxicity_types) || t('common.unknown'),
                    date: l.date_listed ? dateText(l.date_listed) : t('common.unknown'),
                  }),
                )
                .join('; '),
            })}
      </p>
      {prop65.scope ? (
        <p data-testid="prop65-scope">
          {t('regulatory.prop65Scope')} <q lang="en">{prop65.scope}</q>
        </p>
      ) : null}
      {groups.length > 0 ? (
        <>
          <p>{t('regulatory.safeHarborIntro')}</p>
          <ul className="plain-list" data-testid="safe-harbor-levels">
            {groups.map((g) => (
              <li key={`${g.level}|${g.toxicity_types.join(',')}`}>
                <strong>
                  {t(`regulatory.safeHarbor.${g.level}`, { types: toxicity(g.toxicity_types) })}
                </strong>{' '}
                {g.levels.some((l) => l.subject) ? (
                  // Levels per group of people or per compound: one line each, named as the list names them.
                  <ul className="plain-list">
                    {g.levels.map((l) => (
                      <li key={`${l.subject}|${l.route}|${l.amount}`}>
                        {l.subject ? <span lang="en">{l.subject}: </span> : null}
                        {amount(l)}
                      </li>
                    ))}
                  </ul>
                ) : (
                  g.levels.map(amount).join('; ')
                )}
              </li>
            ))}
          </ul>
          {notes.map((n) => (
            <p key={n} className="muted">
              {t('regulatory.listNote')} <q lang="en">{n}</q>
            </p>
          ))}
        </>
      ) : null}
      <SourceLine stamp={prop65} />
    </div>
  );
}
