import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';
import { useCleanBrands } from '../api/get-clean-brands.ts';
import type { CleanBrandResearch } from '../api/perfume-normalize.ts';

export const MAX_BRANDS = 5;
export const MAX_ALLERGENS = 8;
export const SPECIALTY_LIMIT = 60;

export function cutText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

type CleanBrandsDialogProps = {
  research: CleanBrandResearch | null;
  onClose: () => void;
};

/** Hypoallergenic clean-brands alert. */
export function CleanBrandsDialog({ research, onClose }: CleanBrandsDialogProps) {
  const { t, i18n } = useTranslation();
  const derived = useCleanBrands();
  const percent = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { style: 'percent' });
  const derivedBrands = (derived.data?.brands ?? []).slice(0, MAX_BRANDS);
  const method = derived.data?.method;
  const brands = (research?.brands ?? []).slice(0, MAX_BRANDS);
  const allergens = (research?.educational_info?.allergen_chemicals_excluded ?? []).slice(0, MAX_ALLERGENS);
  const source = research?.article_info?.title;
  const totalBrands = research?.statistics.total_brands ?? research?.brands.length;

  return (
    <Modal
      title={t('hypo.title')}
      onClose={onClose}
      testId="clean-brands-dialog"
      footer={
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      <p>{research ? t('hypo.whyEmpty') : t('hypo.noneFound')}</p>
      {source ? (
        <p>
          <strong>{t('hypo.source')}</strong> {source}
        </p>
      ) : null}
      {totalBrands !== undefined ? (
        <p>
          <strong>{t('hypo.totalBrands')}</strong> {totalBrands}
        </p>
      ) : null}
      {derived.isLoading ? (
        <p role="status">{t('common.loading')}</p>
      ) : derivedBrands.length > 0 ? (
        <section aria-labelledby="clean-brands-derived" data-testid="clean-brands-derived">
          <h3 id="clean-brands-derived" className="section-title">
            {t('hypo.derivedTitle')}
          </h3>
          <ol className="plain-list">
            {derivedBrands.map((brand) => (
              <li key={brand.name} data-testid="clean-brand">
                <strong>{brand.name}</strong>{' '}
                {t('hypo.derivedShare', {
                  share: percent.format(brand.share),
                  count: brand.complete,
                  free: brand.allergenFree,
                })}
                {brand.avoids.length > 0 ? (
                  <>
                    {' '}
                    <span className="muted">
                      {t('hypo.avoids', { allergens: brand.avoids.slice(0, MAX_ALLERGENS).join(', ') })}
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
          {method ? (
            <p className="muted" data-testid="clean-brands-method">
              {t('hypo.derivedHow', {
                min: method.minAllergenFree,
                tracked: method.trackedAllergens,
                common: method.commonChecked,
              })}
            </p>
          ) : null}
        </section>
      ) : null}
      {brands.length > 0 ? (
        <section aria-labelledby="clean-brands-top">
          <h3 id="clean-brands-top" className="section-title">
            {t('hypo.topBrands')}
          </h3>
          <ol className="plain-list">
            {brands.map((brand) => (
              <li key={brand.name}>
                <strong>{brand.name}</strong>
                {brand.price_range ? <span className="muted"> ({brand.price_range})</span> : null}
                {brand.specialty ? <> — {cutText(brand.specialty, SPECIALTY_LIMIT)}</> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : derivedBrands.length === 0 ? (
        <p>{t('hypo.recommendClean')}</p>
      ) : null}
      {allergens.length > 0 ? (
        <p>
          <strong>{t('hypo.allergensExcluded')}</strong> {allergens.join(', ')}
        </p>
      ) : null}
      <p className="notice notice--info">{t('hypo.casTip')}</p>
    </Modal>
  );
}
