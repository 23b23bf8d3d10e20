import { useTranslation } from 'react-i18next';
import type { ScanIngredient, ScanMessage, ScanResult } from '../api/scan-product.ts';
import { formatConfidence } from '../scan-file.ts';

/** The "Analysis Complete" panel: scrolls within 24rem; allergens red, others blue; warnings amber. */
export function ScanResultPanel({ result }: { result: ScanResult }) {
  const { t, i18n } = useTranslation();
  const product = result.product_identification;
  const productRows = [
    ['brand', product.brand],
    ['productName', product.product_name],
    ['productType', product.product_type],
    ['size', product.size_ml === null ? null : t('scanner.sizeMl', { size: product.size_ml })],
  ] as const;
  const shownProduct = productRows.filter(([, value]) => value !== null && value !== '');
  const quality = result.analysis_quality;
  const allergens = result.ingredients.filter((i) => i.is_allergen).length;
  const toCheck = result.ingredients.filter((i) => i.reading === 'unrecognised').length;
  const corrected = result.ingredients.filter((i) => i.reading === 'corrected').length;
  // The result's sentences in the screen's language when it sends them as messages, else as sent.
  const worded = (list: readonly ScanMessage[] | undefined, sent: readonly string[]) =>
    list
      ? list.map((m, i) => ({
          id: `${i}:${m.key}`,
          node: <MessageText message={m} sent={list.length === sent.length ? sent[i] : undefined} />,
        }))
      : sent.map((text, i) => ({ id: `${i}:${text}`, node: text }));
  const allergenWarnings = worded(
    result.messages?.allergen_warnings,
    result.codes_and_regulatory.allergen_warnings,
  );
  const warnings = worded(result.messages?.warnings, result.warnings);
  const notes = worded(result.messages?.notes, result.notes ? [result.notes] : []);
  // Allergens first, each group in label order.
  const ingredients = [
    ...result.ingredients.filter((i) => i.is_allergen),
    ...result.ingredients.filter((i) => !i.is_allergen),
  ];

  return (
    <section
      className="scan-result"
      aria-labelledby="scan-result-title"
      data-testid="scan-result"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls within 24rem, so keyboard users must reach it (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <h3 id="scan-result-title" className="scan-result__title">
        {t('scanner.completeTitle')}
      </h3>

      {shownProduct.length > 0 ? (
        <div className="scan-result__section">
          <h4>{t('scanner.product')}</h4>
          <dl className="scan-result__facts">
            {shownProduct.map(([key, value]) => (
              <div key={key}>
                <dt>{t(`scanner.${key}`)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      <div className="scan-result__section">
        <h4>
          {t('scanner.ingredients', { count: result.ingredients.length })}
          {allergens > 0 ? (
            <span className="scan-result__count"> · {t('scanner.allergenCount', { count: allergens })}</span>
          ) : null}
          {toCheck > 0 ? (
            <span className="scan-result__to-check"> · {t('scanner.toCheckCount', { count: toCheck })}</span>
          ) : null}
        </h4>
        {result.ingredients.length === 0 ? (
          <p className="scan-result__muted">{t('scanner.noIngredients')}</p>
        ) : (
          <>
            <ul className="scan-ingredients">
              {ingredients.map((ingredient) => (
                <IngredientItem
                  key={`${ingredient.chemical_id ?? ''}|${ingredient.name}`}
                  ingredient={ingredient}
                />
              ))}
            </ul>
            {allergens === 0 ? (
              // No named allergen is no "allergen-free": say what the label leaves unsaid.
              <p className="scan-result__none" data-testid="scan-no-allergens">
                {t('scanner.noAllergensNamed')}
              </p>
            ) : null}
            {toCheck > 0 || corrected > 0 ? (
              <p className="scan-result__muted scan-result__legend">{t('scanner.readingLegend')}</p>
            ) : null}
          </>
        )}
      </div>

      {result.codes_and_regulatory.barcodes.length > 0 ? (
        <div className="scan-result__section">
          <h4>{t('scanner.barcodes')}</h4>
          <ul className="scan-result__plain">
            {result.codes_and_regulatory.barcodes.map((code) => (
              <li key={code.number}>
                <code>{code.number}</code>
                {code.format ? <span className="scan-result__muted"> ({code.format})</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {allergenWarnings.length > 0 ? (
        <div className="scan-result__section">
          <h4>{t('scanner.allergenWarnings')}</h4>
          <ul className="scan-result__plain scan-result__allergen-warnings">
            {allergenWarnings.map((warning) => (
              <li key={warning.id}>{warning.node}</li>
            ))}
          </ul>
        </div>
      ) : null}

      {warnings.length > 0 ? (
        <div className="scan-result__section">
          <h4>{t('scanner.warnings')}</h4>
          {warnings.map((warning) => (
            <p key={warning.id} className="scan-warning">
              {warning.node}
            </p>
          ))}
        </div>
      ) : null}

      <div className="scan-result__section">
        <h4>{t('scanner.quality')}</h4>
        <dl className="scan-result__facts">
          <div>
            <dt>{t('scanner.confidence')}</dt>
            <dd data-testid="scan-confidence">
              {formatConfidence(quality.confidence, i18n.resolvedLanguage)}
            </dd>
          </div>
          {quality.text_clarity ? (
            <div>
              <dt>{t('scanner.textClarity')}</dt>
              <dd>{t(`scanner.clarity.${quality.text_clarity}`, { defaultValue: quality.text_clarity })}</dd>
            </div>
          ) : null}
          {quality.image_quality ? (
            <div>
              <dt>{t('scanner.imageQuality')}</dt>
              <dd>
                {t(`scanner.imageQualities.${quality.image_quality}`, {
                  defaultValue: quality.image_quality,
                })}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>

      {notes.length > 0 ? (
        <div className="scan-result__section">
          <h4>{t('scanner.notes')}</h4>
          <p className="scan-result__muted">
            {notes.map((note, i) => (
              <span key={note.id}>
                {i > 0 ? ' ' : null}
                {note.node}
              </span>
            ))}
          </p>
        </div>
      ) : null}
    </section>
  );
}

/**
 * One sentence of the result: the label's own text as printed; ours in the screen's language, a
 * restriction's legal wording quoted as the law's English.
 */
function MessageText({ message, sent }: { message: ScanMessage; sent: string | undefined }) {
  const { t, i18n } = useTranslation();
  const values = message.values ?? {};
  if (message.key === 'label_text') return <>{String(values.text ?? '')}</>;
  const limits = message.key === 'restricted_eu' && typeof values.limits === 'string' ? values.limits : null;
  const key = `scanner.message.${message.key}${limits ? '_limits' : ''}`;
  // A message this screen has no words for yet is shown as the server wrote it.
  if (!i18n.exists(key)) return <>{sent ?? ''}</>;
  const text = t(key, values);
  return limits ? (
    <>
      {text} <q lang="en">{limits}</q>
    </>
  ) : (
    text
  );
}

/** One ingredient: allergens red, others blue; a corrected or unrecognised reading says so in words. */
function IngredientItem({ ingredient }: { ingredient: ScanIngredient }) {
  const { t } = useTranslation();
  const reading = ingredient.reading ?? 'printed';
  return (
    <li
      className={`scan-ingredient ${ingredient.is_allergen ? 'scan-ingredient--allergen' : 'scan-ingredient--other'} scan-ingredient--${reading}`}
      data-allergen={ingredient.is_allergen ? 'true' : 'false'}
      data-reading={reading}
    >
      <span className="scan-ingredient__name">{ingredient.name}</span>
      {ingredient.concentration ? (
        <span className="scan-ingredient__pct"> {ingredient.concentration}</span>
      ) : null}
      {ingredient.is_allergen ? <span className="visually-hidden"> ({t('scanner.allergen')})</span> : null}
      {reading !== 'printed' ? (
        <span className={`scan-ingredient__reading scan-ingredient__reading--${reading}`}>
          {t(`scanner.readings.${reading}`)}
        </span>
      ) : null}
      {reading === 'corrected' && ingredient.read_as ? (
        <span className="scan-ingredient__detail">{t('scanner.readAs', { text: ingredient.read_as })}</span>
      ) : null}
      {ingredient.blend ? (
        <span className="scan-ingredient__detail">{t('scanner.inBlend', { blend: ingredient.blend })}</span>
      ) : null}
    </li>
  );
}
