import { useTranslation } from 'react-i18next';
import type { Chemical, Id } from '../types/api.ts';

type ChemicalCheckListProps = {
  chemicals: Chemical[];
  isChecked: (id: Id) => boolean;
  onToggle: (chemical: Chemical) => void;
  testId?: string;
};

/** A pick list of chemicals: a checkbox with name and CAS number, and an allergen badge. */
export function ChemicalCheckList({ chemicals, isChecked, onToggle, testId }: ChemicalCheckListProps) {
  const { t } = useTranslation();
  return (
    <ul className="pick-list" data-testid={testId}>
      {chemicals.map((chemical) => (
        <li key={String(chemical.id)} className="pick-list__item">
          <label className="checkbox">
            <input type="checkbox" checked={isChecked(chemical.id)} onChange={() => onToggle(chemical)} />
            <span>
              {chemical.name}
              {chemical.cas_number ? <span className="muted"> · {chemical.cas_number}</span> : null}
            </span>
          </label>
          {chemical.allergen_flag ? (
            <span className="badge badge--danger">{t('chemical.isAllergen')}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
