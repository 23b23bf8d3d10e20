import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../lib/load-more.tsx';
import type { Chemical } from '../../../types/api.ts';
import { type RegionStatus, useRegionChemicals, useRegions } from '../api/get-regions.ts';
import { KIND_TONE, regionKinds } from '../lib/regulatory-view.ts';

const STATUSES: { value: RegionStatus; key: string }[] = [
  { value: '', key: 'regions.status.all' },
  { value: 'prohibited', key: 'regions.status.prohibited' },
  { value: 'restricted', key: 'regions.status.restricted' },
  { value: 'allergen', key: 'regions.status.allergens' },
  { value: 'prop65_listed', key: 'regulatory.kind.prop65' },
];

type RegulatoryPanelProps = {
  onChemicalClick: (chemical: Chemical) => void;
  onRegionViewed?: (code: string) => void;
};

/**
 * Multi-regional regulatory panel. It holds its place while the regions load (so the page below
 * does not jump when they arrive) and leaves only when there are none.
 */
export function RegulatoryPanel({ onChemicalClick, onRegionViewed }: RegulatoryPanelProps) {
  const { t } = useTranslation();
  const regions = useRegions();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [status, setStatus] = useState<RegionStatus>('');
  const bodyId = useId();
  const list = regions.data ?? [];
  const code = open ? (selected ?? list[0]?.code ?? null) : null;
  const chemicals = useRegionChemicals(code, status);
  const regionChemicals = (chemicals.data?.pages ?? []).flatMap((page) => page.chemicals);
  const regionTotal = chemicals.data?.pages[0]?.total ?? regionChemicals.length;

  if (list.length === 0 && !regions.isLoading) return null;

  return (
    <section className="panel" aria-labelledby="regions-title" data-testid="regulatory-panel">
      <div className="panel__header">
        <h2 id="regions-title" className="panel__title">
          {t('regions.title')}
        </h2>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            // Opening shows the first (or last chosen) region: that is exploring it too.
            const first = selected ?? list[0]?.code;
            if (!open && first) onRegionViewed?.(first);
            setOpen(!open);
          }}
          data-testid="regions-toggle"
        >
          {open ? t('regions.hide') : t('regions.show')}
        </button>
      </div>
      {open && regions.isLoading ? (
        <div id={bodyId} className="regions">
          <p role="status">{t('common.loading')}</p>
        </div>
      ) : open ? (
        <div id={bodyId} className="regions">
          <fieldset className="button-group">
            <legend className="visually-hidden">{t('regions.regionsLabel')}</legend>
            {list.map((region) => (
              <button
                key={region.code}
                type="button"
                className="button button--secondary button--small"
                aria-pressed={code === region.code}
                title={region.description ?? undefined}
                onClick={() => {
                  setSelected(region.code);
                  onRegionViewed?.(region.code);
                }}
                data-testid={`region-${region.code}`}
              >
                {region.name}
                {region.chemical_count !== undefined ? (
                  <span className="badge badge--neutral">{region.chemical_count}</span>
                ) : null}
              </button>
            ))}
          </fieldset>
          <fieldset className="button-group">
            <legend className="visually-hidden">{t('regions.statusLabel')}</legend>
            {STATUSES.map((item) => (
              <button
                key={item.value || 'all'}
                type="button"
                className="button button--secondary button--small"
                aria-pressed={status === item.value}
                onClick={() => setStatus(item.value)}
                data-testid={`region-status-${item.value || 'all'}`}
              >
                {t(item.key)}
              </button>
            ))}
          </fieldset>
          {chemicals.isLoading ? (
            <p role="status">{t('common.loading')}</p>
          ) : regionChemicals.length === 0 ? (
            <p className="muted" data-testid="regions-empty">
              {t('regions.empty')}
            </p>
          ) : (
            <>
              <ul className="region-chemicals" data-testid="region-chemicals">
                {regionChemicals.map((chemical) => (
                  <li key={String(chemical.id)}>
                    <button
                      type="button"
                      className="region-chemical"
                      onClick={() => onChemicalClick(chemical)}
                    >
                      <span className="region-chemical__name">{chemical.name}</span>
                      {chemical.cas_number ? <span className="muted">{chemical.cas_number}</span> : null}
                      <StatusBadges chemical={chemical} />
                    </button>
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={regionChemicals.length}
                total={regionTotal}
                loading={chemicals.isFetchingNextPage}
                onMore={chemicals.hasNextPage ? () => void chemicals.fetchNextPage() : undefined}
                testId="region-chemicals-more"
              />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Status badges from the one rule of `regulatory-view`: in a region list, the region's own current
 * rows (a US list shows Prop 65, never an EU prohibition); elsewhere the chemical's statuses.
 */
export function StatusBadges({ chemical }: { chemical: Chemical }) {
  const { t } = useTranslation();
  return (
    <span className="row">
      {regionKinds(chemical).map((k) => (
        <span key={k} className={`badge badge--${KIND_TONE[k]}`}>
          {t(`regulatory.kind.${k}`)}
        </span>
      ))}
    </span>
  );
}
