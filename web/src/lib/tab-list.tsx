import { type KeyboardEvent, useRef } from 'react';

type TabListProps<T extends string> = {
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  /** Prefix of the tabs' ids (`${baseId}-tab-${name}`), which the tab panel's aria-labelledby names. */
  baseId: string;
  /** The id of the panel a tab controls. */
  panelId: (tab: T) => string;
  label: string;
  labelOf: (tab: T) => string;
  testIdPrefix: string;
};

/**
 * A WAI-ARIA tab list: the selected tab is the one in the tab order; Left/Right move between tabs
 * (wrapping), Home/End go to the first/last, and the tab moved to is selected and focused.
 */
export function TabList<T extends string>({
  tabs,
  current,
  onSelect,
  baseId,
  panelId,
  label,
  labelOf,
  testIdPrefix,
}: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement | null>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index + tabs.length - 1) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((name) => (
        <button
          key={name}
          ref={(element) => {
            refs.current.set(name, element);
          }}
          type="button"
          role="tab"
          id={`${baseId}-tab-${name}`}
          aria-selected={current === name}
          aria-controls={panelId(name)}
          tabIndex={current === name ? 0 : -1}
          className="tabs__tab"
          onClick={() => onSelect(name)}
          onKeyDown={onKeyDown}
          data-testid={`${testIdPrefix}-${name}`}
        >
          {labelOf(name)}
        </button>
      ))}
    </div>
  );
}
