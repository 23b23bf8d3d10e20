import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands.ts';

type SearchBarProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  brand: string;
  onBrandChange: (brand: string) => void;
  onScan: () => void;
};

export function SearchBar({ value, onChange, onSubmit, brand, onBrandChange, onScan }: SearchBarProps) {
  const { t } = useTranslation();
  const brands = useBrands();
  // ~4,000 <option>s cost a few hundred ms of style and layout on a phone, so the full list is only
  // built when the user reaches for the dropdown (pointer, focus or key); until then it holds
  // All Brands and the chosen brand. Automation: click or focus the select before picking a brand.
  const [listBuilt, setListBuilt] = useState(false);
  const buildList = () => setListBuilt(true);
  const shownBrands = listBuilt ? (brands.data ?? []) : brand ? [brand] : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };

  return (
    <search className="panel" aria-label={t('search.label')}>
      <form className="search-bar" onSubmit={submit}>
        <label className="search-bar__query">
          <span className="visually-hidden">{t('search.label')}</span>
          <input
            type="search"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={t('search.placeholder')}
            data-testid="search-input"
            enterKeyHint="search"
          />
        </label>
        <button type="submit" className="button button--primary" data-testid="search-button">
          {t('search.button')}
        </button>
        <label className="search-bar__brand">
          <span className="visually-hidden">{t('search.brandLabel')}</span>
          <select
            value={brand}
            onChange={(event) => onBrandChange(event.target.value)}
            onPointerDown={buildList}
            onFocus={buildList}
            onKeyDown={buildList}
            data-testid="brand-select"
            aria-busy={brands.isLoading}
          >
            <option value="">{t('search.allBrands')}</option>
            {shownBrands.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--secondary" onClick={onScan} data-testid="scan-button">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 4h4V2H2v6h2V4Zm16 0v4h2V2h-6v2h4ZM4 16H2v6h6v-2H4v-4Zm16 4h-4v2h6v-6h-2v4ZM12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            />
          </svg>
          {t('search.scan')}
        </button>
      </form>
    </search>
  );
}
