import { type KeyboardEvent, useState } from 'react';

/**
 * Roving tab index for a group of buttons (WAI-ARIA toolbar pattern): the group is one Tab stop,
 * the arrow keys, Home and End move between its items. Spread `itemProps(i)` on item i and put
 * `onKeyDown` on the group.
 */
export function useRovingFocus(count: number) {
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, count - 1));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowDown: current + 1,
      ArrowLeft: current - 1,
      ArrowUp: current - 1,
      Home: 0,
      End: count - 1,
    };
    const next = keys[event.key];
    if (next === undefined || count === 0) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(count - 1, next));
    setActive(index);
    event.currentTarget.querySelectorAll<HTMLElement>('[data-roving-item]')[index]?.focus();
  };
  const itemProps = (index: number) => ({
    tabIndex: index === current ? 0 : -1,
    'data-roving-item': '',
    onFocus: () => setActive(index),
  });
  return { onKeyDown, itemProps };
}
