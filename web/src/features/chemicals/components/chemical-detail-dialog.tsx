import { useTranslation } from 'react-i18next';
import { useDataValues } from '../../../lib/data-values.ts';
import { Modal } from '../../../lib/modal.tsx';
import type { Chemical, Id } from '../../../types/api.ts';
import { useChemicalDetail } from '../api/lookup-chemical.ts';
import { usePerfumeLink } from '../api/perfume-link.ts';
import { Field, IdentityFields, RegulatoryBlocks, SccsBlock } from './chemical-info.tsx';
import { NaturalOccurrenceBlock, useChemicalTypeText } from './natural-occurrence-block.tsx';

/** What is known about a clicked chemical before the lookup (a perfume's link or a list entry). */
export type ChemicalRef = {
  id: Id | null;
  name: string;
  cas_number?: string | null;
  allergen?: boolean;
  verified?: boolean;
  concentration_min?: number | null;
  concentration_max?: number | null;
  /** The perfume whose card the chemical was opened from: the detail says its concentration there. */
  perfume?: { id: string; name: string } | null;
};

type ChemicalDetailDialogProps = {
  chemical: ChemicalRef;
  onClose: () => void;
  onOpenChemical?: (chemical: ChemicalRef) => void;
};

function hasConcentration(chemical: {
  concentration_min?: number | null;
  concentration_max?: number | null;
}) {
  return typeof chemical.concentration_min === 'number' || typeof chemical.concentration_max === 'number';
}

/**
 * Chemical detail: CAS lookup when the chemical has a CAS number, else lookup by id;
 * on failure a fallback built from what is known, with a "limited information" note.
 */
export default function ChemicalDetailDialog({
  chemical: known,
  onClose,
  onOpenChemical,
}: ChemicalDetailDialogProps) {
  const { t } = useTranslation();
  const values = useDataValues();
  const typeText = useChemicalTypeText();
  const lookup = useChemicalDetail(known);
  const found = lookup.data?.found ? lookup.data.chemical : null;
  const failed = !lookup.isLoading && !found;
  const chemical: Chemical = found ?? {
    id: known.id ?? known.name,
    name: known.name,
    cas_number: known.cas_number ?? null,
    allergen_flag: known.allergen ?? false,
    verified: known.verified ?? false,
  };
  const allergen = Boolean(
    chemical.allergen_flag || chemical.safety_information?.is_allergen || known.allergen,
  );
  const perfume = known.perfume ?? null;
  // A list card leaves concentrations out: the full perfume says what its link gives.
  const link = usePerfumeLink(perfume?.id ?? null, known, perfume !== null && !hasConcentration(known));
  const given = hasConcentration(known) ? known : hasConcentration(chemical) ? chemical : null;
  const range = given ? values.concentration(given.concentration_min, given.concentration_max) : null;
  let inPerfume: string | null = null;
  if (perfume) {
    const linked = hasConcentration(known) ? known : link.data;
    inPerfume = linked
      ? values.concentration(linked.concentration_min, linked.concentration_max)
      : link.isLoading
        ? t('common.loading')
        : link.isError
          ? t('chemical.concentrationUnavailable')
          : values.concentration(null, null);
  }
  const linkSource = link.data?.source ?? null;
  const stats = chemical.usage_statistics;

  return (
    <Modal
      title={chemical.name}
      onClose={onClose}
      size="large"
      testId="chemical-detail"
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      {lookup.isLoading ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <>
          {failed ? (
            <p className="notice notice--warning" data-testid="chemical-limited-info">
              {t('chemical.limitedInfo')}
            </p>
          ) : null}
          <dl className="info-grid">
            <Field label={t('chemical.cas')}>{chemical.cas_number ?? t('common.unknown')}</Field>
            <Field label={t('chemical.allergen')}>
              <span className={`badge ${allergen ? 'badge--warning' : 'badge--neutral'}`}>
                {allergen ? t('chemical.isAllergen') : t('chemical.notAllergen')}
              </span>
            </Field>
            {perfume && inPerfume ? (
              <Field label={t('chemical.concentrationIn', { perfume: perfume.name })}>
                <span data-testid="chemical-concentration">{inPerfume}</span>
                {linkSource ? (
                  <span className="muted" data-testid="chemical-concentration-source">
                    {' '}
                    ({t(`chemical.linkSource.${linkSource}`, { defaultValue: linkSource })})
                  </span>
                ) : null}
              </Field>
            ) : range ? (
              <Field label={t('chemical.concentration')}>
                <span data-testid="chemical-concentration">{range}</span>
              </Field>
            ) : null}
            {chemical.type ? <Field label={t('cas.type')}>{typeText(chemical)}</Field> : null}
            {chemical.inci_name ? <Field label={t('cas.inciName')}>{chemical.inci_name}</Field> : null}
            {stats?.total_perfumes !== undefined ? (
              <Field label={t('chemical.usedIn')}>
                {t('chemical.perfumeCount', { count: stats.total_perfumes })}
              </Field>
            ) : null}
            {found ? <IdentityFields chemical={found} /> : null}
          </dl>
          {stats?.sample_perfumes?.length ? (
            <section className="info-block">
              <h3 className="section-title">{t('chemical.samplePerfumes')}</h3>
              <p>
                {stats.sample_perfumes
                  .map((sample) =>
                    typeof sample === 'string'
                      ? sample
                      : typeof sample === 'object' && sample !== null && 'name' in sample
                        ? String((sample as { name: unknown }).name)
                        : '',
                  )
                  .filter(Boolean)
                  .join(', ')}
              </p>
            </section>
          ) : null}
          {found ? (
            <>
              <NaturalOccurrenceBlock chemical={found} onOpenChemical={onOpenChemical} />
              <RegulatoryBlocks chemical={found} />
              <SccsBlock chemical={found} />
            </>
          ) : null}
        </>
      )}
    </Modal>
  );
}
