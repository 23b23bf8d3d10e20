import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataCategory } from '../../../types/api.ts';
import { useCategorization } from '../api/get-categorization.ts';
import './data-completeness-panel.css';

export type ListMode = 'fast' | 'all' | 'including';

const CATEGORIES: { value: DataCategory; key: string }[] = [
  { value: '', key: 'completeness.categories.all' },
  { value: 'complete', key: 'completeness.categories.complete' },
  { value: 'unspecific', key: 'completeness.categories.unspecific' },
  { value: 'hypoallergenic', key: 'completeness.categories.hypoallergenic' },
];

type DataCompletenessPanelProps = {
  category: DataCategory;
  onCategoryChange: (category: DataCategory) => void;
  mode: ListMode;
};

export function DataCompletenessPanel({ category, onCategoryChange, mode }: DataCompletenessPanelProps) {
  const { t, i18n } = useTranslation();
  const summary = useCategorization();
  const language = i18n.resolvedLanguage ?? 'en';
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const percent = useMemo(() => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }), [language]);
  const data = summary.data;

  const stats = data
    ? [
        { key: 'total', label: t('completeness.total'), count: data.total_perfumes, percentage: 100 },
        {
          key: 'complete',
          label: t('completeness.complete'),
          count: data.complete_chemical_data.count,
          percentage: data.complete_chemical_data.percentage,
        },
        {
          key: 'unspecific',
          label: t('completeness.unspecific'),
          count: data.unspecific_chemical_ingredients.count,
          percentage: data.unspecific_chemical_ingredients.percentage,
        },
      ]
    : [];

  return (
    <section
      className="panel completeness"
      aria-labelledby="completeness-title"
      data-testid="completeness-panel"
    >
      <div className="panel__header">
        <h2 id="completeness-title" className="panel__title">
          {t('completeness.title')}
        </h2>
        <span
          className={`badge ${mode === 'fast' ? 'badge--success' : mode === 'all' ? 'badge--info' : 'badge--warning'}`}
          data-testid="mode-badge"
        >
          {mode === 'fast'
            ? t('completeness.modeFast')
            : mode === 'all'
              ? t('completeness.modeAll')
              : t('completeness.modeIncluding')}
        </span>
      </div>
      {stats.length > 0 ? (
        <dl className="stats">
          {stats.map((stat) => (
            <div
              key={stat.key}
              className={`stats__item stats__item--${stat.key}`}
              data-testid={`stat-${stat.key}`}
            >
              <dt>{stat.label}</dt>
              <dd>
                <span className="stats__count">{number.format(stat.count)}</span>{' '}
                <span className="stats__percent">
                  {t('completeness.percent', { value: percent.format(stat.percentage) })}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      ) : summary.isLoading ? (
        <p role="status">{t('common.loading')}</p>
      ) : null}
      <fieldset className="button-group">
        <legend className="visually-hidden">{t('completeness.categoriesLabel')}</legend>
        {CATEGORIES.map((item) => (
          <button
            key={item.value || 'all'}
            type="button"
            className="button button--secondary button--small"
            aria-pressed={category === item.value}
            onClick={() => onCategoryChange(item.value)}
            data-testid={`category-${item.value || 'all'}`}
          >
            {t(item.key)}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
