import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';
import { trackChemicalClick, trackSearch } from '../../../lib/usage-tracker.ts';
import { useCasLookup } from '../api/lookup-chemical.ts';
import { Field, IdentityFields, RegulatoryBlocks, SccsBlock } from './chemical-info.tsx';
import { NaturalOccurrenceBlock, useChemicalTypeText } from './natural-occurrence-block.tsx';

type CasResultsModalProps = {
  cas: string;
  onClose: () => void;
  onOpenChemical?: (chemical: { id: string; name: string }) => void;
};

/** CAS Search Results modal: GET /chemicals/search/{cas}. */
export default function CasResultsModal({ cas, onClose, onOpenChemical }: CasResultsModalProps) {
  const { t } = useTranslation();
  const typeText = useChemicalTypeText();
  const lookup = useCasLookup(cas);
  const chemical = lookup.data?.found ? lookup.data.chemical : null;
  const errorText = lookup.isError ? t('cas.searchFailed') : (lookup.data?.error ?? null);

  // A CAS search is a chemical search; the chemical it finds is one opened from the CAS modal.
  const settled = lookup.isSuccess;
  const foundId = chemical?.id ?? null;
  const foundName = chemical?.name ?? null;
  const reported = useRef(false);
  useEffect(() => {
    if (!settled || reported.current) return;
    reported.current = true;
    void trackSearch(cas, foundId === null ? 0 : 1, 'chemical');
    if (foundId !== null && foundName !== null) void trackChemicalClick(foundId, foundName, 'cas_modal');
  }, [settled, cas, foundId, foundName]);

  return (
    <Modal
      title={t('cas.title')}
      onClose={onClose}
      size="large"
      testId="cas-modal"
      footer={
        <button type="button" className="button button--primary" onClick={onClose} data-testid="cas-close">
          {t('common.close')}
        </button>
      }
    >
      {lookup.isLoading ? (
        <p role="status">{t('cas.searching', { cas })}</p>
      ) : chemical ? (
        <>
          <div className="notice notice--info" data-testid="cas-found">
            <strong>{t('cas.found')}</strong> {chemical.name}{' '}
            <span className="muted">({chemical.cas_number ?? cas})</span>
          </div>
          <section className="info-block" aria-labelledby="cas-basic-title">
            <h3 id="cas-basic-title" className="section-title">
              {t('cas.basicTitle')}
            </h3>
            <dl className="info-grid">
              <Field label={t('cas.type')}>{chemical.type ? typeText(chemical) : t('common.unknown')}</Field>
              <Field label={t('cas.casNumber')}>{chemical.cas_number ?? cas}</Field>
              {chemical.ec_number ? <Field label={t('cas.ecNumber')}>{chemical.ec_number}</Field> : null}
              {chemical.inci_name ? <Field label={t('cas.inciName')}>{chemical.inci_name}</Field> : null}
              <Field label={t('cas.verification')}>
                <span
                  className="badge badge--neutral"
                  title={chemical.verified ? t('regulatory.verifiedHint') : undefined}
                >
                  {chemical.verified ? t('cas.verified') : t('cas.unverified')}
                </span>
              </Field>
              <IdentityFields chemical={chemical} />
            </dl>
          </section>
          <NaturalOccurrenceBlock chemical={chemical} onOpenChemical={onOpenChemical} />
          <SccsBlock chemical={chemical} />
          <RegulatoryBlocks chemical={chemical} />
        </>
      ) : (
        <div className="notice notice--danger" data-testid="cas-not-found">
          <h3 className="section-title">{t('cas.notFoundTitle')}</h3>
          <p>{t('cas.notFoundText', { cas })}</p>
          {errorText ? <p className="muted">{errorText}</p> : null}
        </div>
      )}
    </Modal>
  );
}
