import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FINE_FRAGRANCE_CATEGORY,
  ifraHazards,
  parseLongDate,
} from '../../../../../services/domain/src/chemicals/ifra-reference.ts';
import { useDataValues } from '../../../lib/data-values.ts';
import { useDateText } from '../../../lib/dates.ts';
import { TruncatedText } from '../../../lib/truncated-text.tsx';
import type { Chemical } from '../../../types/api.ts';
import {
  formerListingWording,
  type IfraLimit,
  iarcGroup,
  ifraKinds,
  ifraLimits,
  KIND_TONE,
  regulatoryData,
  regulatoryKinds,
  sccsCategory,
  sourceText,
} from '../lib/regulatory-view.ts';
import { readableNamesFirst } from '../lib/synonym-order.ts';
import { Prop65Block, useToxicityText } from './prop65-block.tsx';
import { SourceLine } from './source-line.tsx';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-grid__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function percent(value: number | null | undefined): string | null {
  return typeof value === 'number' ? `${value}%` : null;
}

/**
 * SCCS scientific assessment block of the CAS Search Results modal and the chemical detail: the
 * opinion's own category in words, our risk level and classification (which summarise that category
 * and the potency, and read "Banned" for a substance the EU now prohibits), what the opinion is,
 * and its source and date.
 */
export function SccsBlock({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  const values = useDataValues();
  const titleId = useId();
  const sccs = chemical.safety_information?.sccs_data;
  if (!sccs) return null;
  const category = sccsCategory(sccs.sccs_category);
  const ppm = sccs.safe_concentration_ppm;
  const rows: [string, ReactNode][] = [
    [t('cas.riskLevel'), values.risk(sccs.risk_level)],
    [t('cas.classification'), values.classification(sccs.classification)],
    [t('cas.potency'), values.potency(sccs.sensitization_potency)],
    [t('cas.ec3'), percent(sccs.ec3_value)],
    [
      t('cas.safeLimit'),
      ppm === 0 ? (
        <strong key="banned" className="text-danger">
          {t('cas.banned')}
        </strong>
      ) : typeof ppm === 'number' ? (
        `${ppm} ppm`
      ) : null,
    ],
    [t('cas.patchTest'), percent(sccs.patch_test_prevalence)],
    [t('cas.clinical'), percent(sccs.clinical_relevance)],
    [t('cas.eczema'), percent(sccs.population_stats?.eczema_patient_sensitization)],
    [t('cas.generalPopulation'), percent(sccs.population_stats?.general_population_allergy)],
    [t('cas.crossReactive'), sccs.cross_reactivity?.length ? sccs.cross_reactivity.join(', ') : null],
  ];
  return (
    <section className="info-block" aria-labelledby={titleId} data-testid="sccs-block">
      <h3 id={titleId} className="section-title">
        {t('cas.sccsTitle')}
      </h3>
      {sccs.sccs_category ? (
        <p className="info-block__text" data-testid="sccs-category">
          {t('sccs.category', { opinion: sccs.opinion ?? 'SCCS' })}{' '}
          {/* A category the interface has no words for is quoted as the opinion writes it. */}
          {category ? (
            <strong>{t(`sccs.categories.${category}`)}</strong>
          ) : (
            <strong lang="en">{sccs.sccs_category}</strong>
          )}
        </p>
      ) : null}
      <TruncatedText text={sccs.sccs_recommendation} limit={120} className="info-block__text" lang="en" />
      <dl className="info-grid">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
      </dl>
      <p className="muted">
        {t('sccs.whatItIs')}
        {sccs.risk_level === 'BANNED' ? ` ${t('sccs.bannedSince')}` : ''}
      </p>
      <SourceLine stamp={sccs} />
    </section>
  );
}

/**
 * Other names of the chemical and its odour, for the Basic Information grid: the names a label or
 * a supplier may use for it, and how it smells according to the odour glossary.
 */
export function IdentityFields({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  // The glossary's descriptors in the interface language (English until the words arrive).
  const { t: odourWord } = useTranslation('odour');
  const synonyms = readableNamesFirst(
    (chemical.synonyms ?? []).filter((s) => s.trim() !== '' && s !== chemical.name),
  );
  const odour = (chemical.odour ?? []).filter((d) => d.trim() !== '');
  return (
    <>
      {synonyms.length > 0 ? (
        <div className="info-grid__item info-grid__item--wide" data-testid="chemical-synonyms">
          <dt>{t('cas.synonyms')}</dt>
          <dd>
            <TruncatedText text={synonyms.join('; ')} limit={150} />
          </dd>
        </div>
      ) : null}
      {odour.length > 0 ? (
        <Field label={t('cas.odour')}>
          <span data-testid="chemical-odour">
            {odour
              .map((d) => d.toLowerCase())
              .map((d) => odourWord(d, { defaultValue: d }))
              .join(', ')}
          </span>
        </Field>
      ) : null}
    </>
  );
}

/** A limit in words: in a sentence (`at most 0.011 % of the finished product`) or a table cell (`0.011 %`). */
function useLimitText(): (limit: IfraLimit, cell?: boolean) => string {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 6 });
  return (limit, cell = false) => {
    switch (limit.kind) {
      case 'max':
        return t(cell ? 'ifra.limit.cell' : 'ifra.limit.max', { percent: format.format(limit.percent) });
      case 'text':
        return limit.text;
      default:
        return t(`ifra.limit.${limit.kind}`);
    }
  };
}

/**
 * The IFRA Standard (the fragrance industry's own rule: kinds, reason, the fine-fragrance limit,
 * the standard's notes, every category's limit) and IARC's cancer classification of the agent,
 * each with its source and date and a sentence on what it does and does not say.
 */
export function StandardsBlocks({ chemical }: { chemical: Chemical }) {
  const dateText = useDateText();
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const limitText = useLimitText();
  const { ifra, iarc } = regulatoryData(chemical);
  const group = iarcGroup(iarc?.group);
  const limits = ifra ? ifraLimits(ifra) : [];
  const fine = limits.find((l) => l.category === FINE_FRAGRANCE_CATEGORY) ?? null;
  const hazards = ifraHazards(ifra?.intrinsic_property);
  const reason = hazards
    ? new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
        hazards.map((h) => t(`ifra.hazard.${h}`)),
      )
    : (ifra?.intrinsic_property?.toLowerCase() ?? null);
  const inForceNew = parseLongDate(ifra?.implementation_new_creations);
  const inForceExisting = parseLongDate(ifra?.implementation_existing_creations);
  return (
    <>
      {ifra ? (
        <section className="info-block" aria-labelledby={`${baseId}-ifra`} data-testid="ifra-block">
          <h3 id={`${baseId}-ifra`} className="section-title">
            {t('ifra.title')}
          </h3>
          <p className="badge-row">
            {ifraKinds(ifra.standard_type).map((kind) => (
              <span
                key={kind}
                className={`badge badge--${kind === 'prohibition' ? 'warning' : 'neutral'}`}
                data-testid="ifra-kind"
              >
                {t(`ifra.kind.${kind}`)}
              </span>
            ))}
          </p>
          <p className="info-block__text">
            <strong>{ifra.standard_name}</strong>
            {ifra.amendment ? ` — ${t('ifra.amendment', { number: ifra.amendment })}` : ''}
            {ifra.publication_date ? ` (${dateText(ifra.publication_date)})` : ''}
          </p>
          {reason ? (
            <p className="info-block__text" data-testid="ifra-reason">
              {t('ifra.reason', { reason })}
            </p>
          ) : null}
          {fine ? (
            <p className="info-block__text" data-testid="ifra-fine-fragrance">
              <strong>{t('ifra.fineFragrance')}</strong> {limitText(fine.limit)}
            </p>
          ) : null}
          {(ifra.notes ?? []).map((note) => (
            <TruncatedText key={note} text={note} limit={200} className="info-block__text" lang="en" />
          ))}
          {inForceNew || inForceExisting ? (
            <p className="info-block__text">
              {t('ifra.inForce', {
                new: inForceNew ? dateText(inForceNew) : t('common.unknown'),
                existing: inForceExisting ? dateText(inForceExisting) : t('common.unknown'),
              })}
            </p>
          ) : null}
          {limits.some(({ limit }) => limit.kind !== 'in_notes') ? (
            <details className="info-block__text">
              <summary>{t('ifra.allCategories')}</summary>
              <table className="limits-table" data-testid="ifra-limits">
                <thead>
                  <tr>
                    <th scope="col">{t('ifra.category')}</th>
                    <th scope="col">{t('ifra.maximum')}</th>
                  </tr>
                </thead>
                <tbody>
                  {limits.map(({ category, limit }) => (
                    <tr key={category}>
                      <th scope="row">
                        {category} · {t(`ifra.categories.${category}`)}
                      </th>
                      <td>{limitText(limit, true)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
          <p className="muted">{t('ifra.whatItIs')}</p>
          <SourceLine stamp={ifra} />
        </section>
      ) : null}
      {iarc && group ? (
        <section className="info-block" aria-labelledby={`${baseId}-iarc`} data-testid="iarc-block">
          <h3 id={`${baseId}-iarc`} className="section-title">
            {t('iarc.title')}
          </h3>
          <p className="info-block__text">
            <strong>{t('iarc.group', { group })}</strong> {t(`iarc.groups.${group}`)}
          </p>
          <p className="info-block__text">
            {t('iarc.agent', { agent: iarc.agent })}
            {iarc.volume
              ? ` · ${t('iarc.volume', { volume: iarc.volume, year: iarc.evaluation_year ?? iarc.volume_year ?? t('common.unknown') })}`
              : ''}
          </p>
          <p className="muted">{t('iarc.whatItIs')}</p>
          <SourceLine stamp={iarc} />
        </section>
      ) : null}
    </>
  );
}

/** Regulatory Status (one rule for every badge), EU prohibition scope, EU labelling list, Prop 65, history. */
export function RegulatoryBlocks({ chemical }: { chemical: Chemical }) {
  const dateText = useDateText();
  const { t } = useTranslation();
  const baseId = useId();
  const kinds = regulatoryKinds(chemical);
  const {
    eu_prohibition: prohibition,
    eu_allergen: allergen,
    prop65,
    regulatory_history: history,
  } = regulatoryData(chemical);
  const safety = chemical.safety_information ?? {};
  const restrictions = chemical.restrictions ?? safety.restrictions;
  const toxicityText = useToxicityText();
  const formerListingText = (change: unknown): string | null => {
    const wording = formerListingWording(change);
    if (wording === null) return null;
    const { key, toxicity, date, ...values } = wording;
    return t(`regulatory.change.${key}`, {
      ...values,
      toxicity: toxicity ? toxicityText([toxicity]) : undefined,
      date: date ? dateText(date) : undefined,
    });
  };
  const warning = kinds.includes('prohibited')
    ? `prohibited_${prohibition?.scope ?? 'substance'}`
    : (kinds.find((k) => k !== 'not_listed') ?? null);
  return (
    <>
      <section className="info-block" aria-labelledby={`${baseId}-regulatory`} data-testid="regulatory-block">
        <h3 id={`${baseId}-regulatory`} className="section-title">
          {t('cas.regulatoryTitle')}
        </h3>
        <p className="badge-row">
          {kinds.map((k) => (
            <span key={k} className={`badge badge--${KIND_TONE[k]}`} data-testid="regulatory-state">
              {t(`regulatory.kind.${k}`)}
            </span>
          ))}
        </p>
        {kinds[0] === 'not_listed' ? <p className="muted">{t('regulatory.notListedHint')}</p> : null}
        {prohibition ? (
          <div className="info-block__text" data-testid="eu-prohibition">
            <p>
              <strong>{t('regulatory.euProhibitionTitle', { entry: prohibition.entry })}</strong>{' '}
              {t(`regulatory.scope.${prohibition.scope}`, { part: prohibition.part ?? '' })}
            </p>
            {prohibition.exception ? (
              <p>
                {t('regulatory.exception')} <q lang="en">{prohibition.exception}</q>
              </p>
            ) : null}
            {prohibition.applies_when ? (
              <p data-testid="eu-prohibition-condition">
                {t('regulatory.appliesWhen')} <q lang="en">{prohibition.applies_when}</q>
              </p>
            ) : null}
            <SourceLine stamp={prohibition} />
          </div>
        ) : null}
        {allergen ? (
          <div className="info-block__text" data-testid="eu-allergen">
            <p>
              <strong>{t('regulatory.euAllergenTitle')}</strong>{' '}
              {t(`regulatory.list.${allergen.list}`, {
                from: dateText(allergen.applies_from),
                all: dateText(allergen.applies_to_all_from ?? allergen.applies_from),
              })}
            </p>
            {allergen.listed === false && allergen.entry ? (
              <p data-testid="eu-allergen-covered">
                {t('regulatory.euAllergenCovered', { entry: allergen.entry })}
              </p>
            ) : null}
            <SourceLine stamp={allergen} />
          </div>
        ) : null}
        {prop65 ? <Prop65Block prop65={prop65} /> : null}
      </section>
      {restrictions ? (
        <section className="info-block" aria-labelledby={`${baseId}-restrictions`}>
          <h3 id={`${baseId}-restrictions`} className="section-title">
            {t('cas.restrictionsTitle')}
          </h3>
          <TruncatedText text={restrictions} limit={150} className="info-block__text" lang="en" />
        </section>
      ) : null}
      {warning ? (
        <div
          className={`notice notice--${kinds.includes('prohibited') && prohibition?.scope !== 'plant_part' ? 'danger' : 'warning'}`}
          role="note"
        >
          <strong>{t('cas.warningTitle')}</strong> {t(`regulatory.warning.${warning}`)}
        </div>
      ) : null}
      {history && history.length > 0 ? (
        <section
          className="info-block"
          aria-labelledby={`${baseId}-history`}
          data-testid="regulatory-history"
        >
          <h3 id={`${baseId}-history`} className="section-title">
            {t('regulatory.historyTitle')}
          </h3>
          <ul className="source-list">
            {history.map((h) => {
              const ended = formerListingText(h.change);
              return (
                <li key={`${h.region}|${h.status}|${h.until}|${h.details}`}>
                  <strong>
                    {h.region} ·{' '}
                    {t(
                      `regulatory.kind.${h.status === 'prop65_listed' ? 'prop65' : (h.status ?? 'not_listed')}`,
                    )}
                  </strong>
                  {h.until ? ` (${t('regulatory.until', { date: dateText(h.until) })})` : ''}
                  {ended ? (
                    `: ${ended}`
                  ) : h.details ? (
                    // A row we have no wording for keeps the source's own (English) words.
                    <>
                      : <span lang="en">{h.details}</span>
                    </>
                  ) : null}
                  {sourceText(h) ? ` — ${sourceText(h)}` : ''}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <StandardsBlocks chemical={chemical} />
      <SourcesBlock chemical={chemical} />
      {chemical.description ? (
        <section className="info-block" aria-labelledby={`${baseId}-description`}>
          <h3 id={`${baseId}-description`} className="section-title">
            {t('cas.descriptionTitle')}
          </h3>
          <TruncatedText text={chemical.description} limit={200} className="info-block__text" />
        </section>
      ) : null}
    </>
  );
}

/** Every current regulation and data field with the name and date of its source (no file paths). */
export function SourcesBlock({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  const titleId = useId();
  const safety = chemical.safety_information ?? {};
  const regulations = (safety.regional_regulations ?? []).filter((r) => sourceText(r));
  const fields = (safety.sources ?? []).filter((s) => sourceText(s));
  if (regulations.length === 0 && fields.length === 0) return null;
  return (
    <section className="info-block" aria-labelledby={titleId} data-testid="sources-block">
      <h3 id={titleId} className="section-title">
        {t('cas.sourcesTitle')}
      </h3>
      <ul className="source-list">
        {regulations.map((r) => (
          <li key={`${r.region}|${r.status}|${r.regulation}|${r.source}`}>
            <strong>
              {r.region} ·{' '}
              {t(`regulatory.kind.${r.status === 'prop65_listed' ? 'prop65' : (r.status ?? 'not_listed')}`)}
            </strong>
            {r.regulation ? `: ${r.regulation}` : ''} — {sourceText(r)}
          </li>
        ))}
        {fields.map((f) => (
          <li key={`f${f.field}`}>
            <strong>{t(`cas.field.${f.field}`, { defaultValue: f.field })}</strong> — {sourceText(f)}
          </li>
        ))}
      </ul>
      <p className="muted">{t('regulatory.sourcesNote')}</p>
    </section>
  );
}
