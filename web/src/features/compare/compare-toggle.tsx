import { useTranslation } from 'react-i18next';
import { MAX_COMPARED, toggleCompared, useCompared } from './compare-store.ts';

/** "Compare" on a card: adds the perfume to (or removes it from) the comparison. */
export function CompareToggle({ perfume }: { perfume: { id: string; name: string } }) {
  const { t } = useTranslation();
  const compared = useCompared();
  const on = compared.some((p) => p.id === perfume.id);
  const full = !on && compared.length >= MAX_COMPARED;
  return (
    <button
      type="button"
      className="link-button"
      aria-pressed={on}
      disabled={full}
      title={full ? t('compare.full', { count: MAX_COMPARED }) : undefined}
      aria-label={
        on ? t('compare.removeFor', { name: perfume.name }) : t('compare.addFor', { name: perfume.name })
      }
      onClick={() => toggleCompared(perfume)}
      data-testid="compare-toggle"
    >
      {on ? t('compare.remove') : t('compare.add')}
    </button>
  );
}
