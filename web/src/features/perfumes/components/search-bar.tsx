import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../api/get-brands.ts';
import { type BrandSuggestion, type ChemicalSuggestion, useSuggestions } from '../api/get-suggestions.ts';
import type { Perfume } from '../api/perfume-normalize.ts';

/** One row under the search box: a brand, a perfume or a chemical. */
type Option =
  | { kind: 'brand'; key: string; brand: BrandSuggestion }
  | { kind: 'perfume'; key: string; perfume: Perfume }
  | { kind: 'chemical'; key: string; chemical: ChemicalSuggestion };

type SearchBarProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  brand: string;
  onBrandChange: (brand: string) => void;
  /** A brand chosen among the suggestions (its perfumes are listed, the typed text cleared). */
  onBrandPick: (brand: string) => void;
  onScan: () => void;
};

export function SearchBar({
  value,
  onChange,
  onSubmit,
  brand,
  onBrandChange,
  onBrandPick,
  onScan,
}: SearchBarProps) {
  const { t, i18n } = useTranslation();
  const brands = useBrands();
  // ~4,000 <option>s cost a few hundred ms of style and layout on a phone, so the full list is only
  // built when the user reaches for the dropdown (pointer, focus or key); until then it holds
  // All Brands and the chosen brand. Automation: click or focus the select before picking a brand.
  const [listBuilt, setListBuilt] = useState(false);
  const buildList = () => setListBuilt(true);
  const shownBrands = listBuilt ? (brands.data ?? []) : brand ? [brand] : [];

  // Perfumes matching what is typed so far, as a combobox list (WAI-ARIA combobox pattern): arrows
  // move, Enter on a highlighted perfume searches for it, Escape closes. Enter with nothing
  // highlighted searches for the text as typed.
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(open ? value : '');
  const data = open ? suggestions.data : undefined;
  // A brand the text starts to spell comes first ("chan" → Chanel), then perfumes by relevance,
  // then chemicals the text starts to spell (choosing one looks it up by CAS number).
  const options: Option[] = data
    ? [
        ...data.brands.map((brand): Option => ({ kind: 'brand', key: `b:${brand.name}`, brand })),
        ...data.perfumes.map((perfume): Option => ({ kind: 'perfume', key: `p:${perfume.id}`, perfume })),
        ...data.chemicals.map(
          (chemical): Option => ({ kind: 'chemical', key: `c:${chemical.id}`, chemical }),
        ),
      ]
    : [];
  const expanded = options.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option) => {
    close();
    if (option.kind === 'brand') {
      onBrandPick(option.brand.name);
      return;
    }
    const text =
      option.kind === 'perfume' ? option.perfume.name : (option.chemical.cas ?? option.chemical.name);
    onChange(text);
    onSubmit(text);
  };
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close();
    onSubmit(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const n = options.length;
      setActive((i) => (step > 0 ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  return (
    <search className="panel" aria-label={t('search.label')}>
      <form className="search-bar" onSubmit={submit}>
        <div className="search-bar__query">
          <label className="search-bar__query-label">
            <span className="visually-hidden">{t('search.label')}</span>
            <input
              type="search"
              value={value}
              onChange={(event) => {
                onChange(event.target.value);
                setOpen(true);
                setActive(-1);
              }}
              onKeyDown={onKeyDown}
              onBlur={close}
              placeholder={t('search.placeholder')}
              data-testid="search-input"
              enterKeyHint="search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? listId : undefined}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
            />
          </label>
          {expanded ? (
            <div className="suggestions" data-testid="search-suggestions">
              <div
                id={listId}
                role="listbox"
                aria-label={t('search.suggestions')}
                className="suggestions__list"
              >
                {options.map((option, i) => (
                  <div
                    key={option.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    tabIndex={-1}
                    className={`suggestions__option${i === active ? ' suggestions__option--active' : ''}`}
                    // Keep the focus in the box, so the click is not lost to its blur.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') choose(option);
                    }}
                    data-testid="search-suggestion"
                    data-kind={option.kind}
                  >
                    {option.kind === 'perfume' ? (
                      <>
                        <span className="suggestions__name">{option.perfume.name}</span>
                        {option.perfume.brand ? (
                          <span className="suggestions__brand">{option.perfume.brand}</span>
                        ) : null}
                      </>
                    ) : option.kind === 'brand' ? (
                      <>
                        <span className="suggestions__name">{option.brand.name}</span>
                        <span className="suggestions__brand">
                          {t('search.suggestBrand', {
                            count: option.brand.perfumeCount,
                            total: format.format(option.brand.perfumeCount),
                          })}
                        </span>
                      </>
                    ) : (
                      <>
                        <span className="suggestions__name">{option.chemical.name}</span>
                        <span className="suggestions__brand">
                          {option.chemical.cas
                            ? t('search.suggestChemicalCas', { cas: option.chemical.cas })
                            : t('search.suggestChemical')}
                          {option.chemical.alias
                            ? ` · ${t('search.suggestAlias', { name: option.chemical.alias })}`
                            : ''}
                        </span>
                      </>
                    )}
                  </div>
                ))}
              </div>
              {suggestions.data?.total != null ? (
                <p className="suggestions__total">
                  {t('search.suggestionsTotal', {
                    count: suggestions.data.total,
                    total: format.format(suggestions.data.total),
                  })}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
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
