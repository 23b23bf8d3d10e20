import { useTranslation } from 'react-i18next';
import type { PerfumeChemical } from '../api/perfume-normalize.ts';

/**
 * Chemical colouring: allergen red, verified (on an official list) in the neutral brand colour, never
 * a green that would read as "safe", otherwise blue.
 */
export function chemicalTone(chemical: {
  allergen: boolean;
  verified: boolean;
}): 'allergen' | 'verified' | 'default' {
  if (chemical.allergen) return 'allergen';
  if (chemical.verified) return 'verified';
  return 'default';
}

type ChemicalChipProps = {
  chemical: PerfumeChemical;
  onClick: (chemical: PerfumeChemical) => void;
  /** Roving focus within the card's chip group (tab index and focus tracking). */
  rovingProps?: { tabIndex: number; 'data-roving-item': string; onFocus: () => void };
};

/** A clickable chemical: solid when declared, dashed and marked "~" when inferred from a note. */
export function ChemicalChip({ chemical, onClick, rovingProps }: ChemicalChipProps) {
  const { t } = useTranslation();
  const tone = chemicalTone(chemical);
  const description = [
    tone === 'allergen' ? t('perfume.allergenTag') : tone === 'verified' ? t('perfume.verifiedTag') : null,
    chemical.kind === 'inferred'
      ? chemical.fromNote
        ? t('perfume.inferredFrom', { note: chemical.fromNote })
        : t('perfume.inferred')
      : t('perfume.declared'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      {...rovingProps}
      className={`chem chem--${tone} chem--${chemical.kind}`}
      onClick={() => onClick(chemical)}
      title={description}
      aria-label={`${chemical.name} (${description})`}
      data-testid="chemical-chip"
      data-kind={chemical.kind}
      data-tone={tone}
    >
      {chemical.kind === 'inferred' ? <span aria-hidden="true">~</span> : null}
      {chemical.name}
    </button>
  );
}
