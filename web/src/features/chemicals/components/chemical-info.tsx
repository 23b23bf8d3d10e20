import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TruncatedText } from '../../../lib/truncated-text.tsx';
import type { Chemical } from '../../../types/api.ts';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-grid__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function regulatoryState(chemical: Chemical): 'allergen' | 'prohibited' | 'restricted' | 'permitted' {
  const safety = chemical.safety_information ?? {};
  if (chemical.prohibited || safety.is_prohibited || chemical.regulatory_status === 'prohibited')
    return 'prohibited';
  if (chemical.restricted || safety.is_restricted || chemical.regulatory_status === 'restricted')
    return 'restricted';
  if (chemical.allergen_flag || safety.is_allergen) return 'allergen';
  return 'permitted';
}

/** Every status that applies (an EU allergen is usually also an Annex III entry); `permitted` alone otherwise. */
export function regulatoryStates(chemical: Chemical): ReturnType<typeof regulatoryState>[] {
  const safety = chemical.safety_information ?? {};
  const states: ReturnType<typeof regulatoryState>[] = [];
  if (chemical.allergen_flag || safety.is_allergen) states.push('allergen');
  if (chemical.prohibited || safety.is_prohibited || chemical.regulatory_status === 'prohibited')
    states.push('prohibited');
  if (chemical.restricted || safety.is_restricted || chemical.regulatory_status === 'restricted')
    states.push('restricted');
  return states.length > 0 ? states : ['permitted'];
}

const STATE_TONE = {
  allergen: 'danger',
  prohibited: 'danger',
  restricted: 'warning',
  permitted: 'success',
} as const;

function percent(value: number | null | undefined): string | null {
  return typeof value === 'number' ? `${value}%` : null;
}

/** SCCS scientific assessment block (spec §2 CAS Search Results). */
export function SccsBlock({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  const titleId = useId();
  const sccs = chemical.safety_information?.sccs_data;
  if (!sccs) return null;
  const ppm = sccs.safe_concentration_ppm;
  const rows: [string, ReactNode][] = [
    [t('cas.riskLevel'), sccs.risk_level?.replaceAll('_', ' ')],
    [t('cas.classification'), sccs.classification?.replaceAll('_', ' ')],
    [t('cas.potency'), sccs.sensitization_potency],
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
      <TruncatedText text={sccs.sccs_recommendation} limit={120} className="info-block__text" />
      <dl className="info-grid">
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
      </dl>
    </section>
  );
}

/** Regulatory Status, Usage Restrictions, warning and description blocks. */
export function RegulatoryBlocks({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  const baseId = useId();
  const state = regulatoryState(chemical);
  const safety = chemical.safety_information ?? {};
  const statusText = safety.regulatory_status ?? chemical.regulatory_status ?? t('common.unknown');
  const restrictions = chemical.restrictions ?? safety.restrictions;
  const summary = safety.regional_summary;
  return (
    <>
      <section className="info-block" aria-labelledby={`${baseId}-regulatory`} data-testid="regulatory-block">
        <h3 id={`${baseId}-regulatory`} className="section-title">
          {t('cas.regulatoryTitle')}
        </h3>
        <p className="badge-row">
          {regulatoryStates(chemical).map((s) => (
            <span key={s} className={`badge badge--${STATE_TONE[s]}`} data-testid="regulatory-state">
              {t(`cas.state.${s}`)}
            </span>
          ))}
        </p>
        <TruncatedText text={statusText} limit={200} className="info-block__text" />
        {summary ? (
          <dl className="info-grid">
            {summary.prohibited_in?.length ? (
              <Field label={t('chemical.prohibitedIn')}>{summary.prohibited_in.join(', ')}</Field>
            ) : null}
            {summary.restricted_in?.length ? (
              <Field label={t('chemical.restrictedIn')}>{summary.restricted_in.join(', ')}</Field>
            ) : null}
            {summary.allergen_regions?.length ? (
              <Field label={t('chemical.allergenIn')}>{summary.allergen_regions.join(', ')}</Field>
            ) : null}
            {summary.prop65_listed ? <Field label={t('chemical.prop65')}>{t('common.yes')}</Field> : null}
          </dl>
        ) : null}
      </section>
      {restrictions ? (
        <section className="info-block" aria-labelledby={`${baseId}-restrictions`}>
          <h3 id={`${baseId}-restrictions`} className="section-title">
            {t('cas.restrictionsTitle')}
          </h3>
          <TruncatedText text={restrictions} limit={150} className="info-block__text" />
        </section>
      ) : null}
      {state !== 'permitted' ? (
        <div className={`notice notice--${state === 'restricted' ? 'warning' : 'danger'}`} role="note">
          <strong>{t('cas.warningTitle')}</strong> {t(`cas.warning.${state}`)}
        </div>
      ) : null}
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

const sourceLabel = (source: string, date: string | null | undefined) =>
  date ? `${source} (${date})` : source;

/** Every regulatory status and data field with the source file and date it comes from. */
export function SourcesBlock({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  const titleId = useId();
  const safety = chemical.safety_information ?? {};
  const regulations = (safety.regional_regulations ?? []).filter((r) => r.source);
  const fields = (safety.sources ?? []).filter((s) => s.source);
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
              {r.region} · {r.status}
            </strong>
            {r.regulation ? `: ${r.regulation}` : ''} — {sourceLabel(r.source ?? '', r.source_date)}
          </li>
        ))}
        {fields.map((f) => (
          <li key={`f${f.field}`}>
            <strong>{f.field}</strong> — {sourceLabel(f.source, f.source_date)}
          </li>
        ))}
      </ul>
      <p className="muted">{t('cas.sourcesNote')}</p>
    </section>
  );
}
