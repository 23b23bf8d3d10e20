import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

const FOCUS_ATTEMPTS = 60;

type VirtualGridProps<T> = {
  items: T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Smallest card width; the number of columns follows the container width. */
  minItemWidth?: number;
  gap?: number;
  estimateRowHeight?: number;
  label: string;
  testId?: string;
  /**
   * Brings the item with this key into view and moves keyboard focus to it (its element with
   * tabIndex -1, else the cell). A new `seq` asks again for the same key.
   */
  focusRequest?: { key: string; seq: number } | null;
};

export function columnsFor(width: number, minItemWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minItemWidth + gap)));
}

/**
 * A responsive grid whose rows are virtualised against the window scroll (TanStack Virtual):
 * only the rows near the viewport are in the DOM, each measured after it renders.
 */
export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  minItemWidth = 280,
  gap = 16,
  estimateRowHeight = 460,
  label,
  testId,
  focusRequest,
}: VirtualGridProps<T>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1200);
  const [scrollMargin, setScrollMargin] = useState(0);

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const update = () => {
      setWidth(element.clientWidth);
      setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width, minItemWidth, gap);
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight + gap,
    overscan: 3,
    scrollMargin,
  });

  const itemsRef = useRef(items);
  itemsRef.current = items;
  const getKeyRef = useRef(getKey);
  getKeyRef.current = getKey;
  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  useEffect(() => {
    if (!focusRequest) return;
    const index = itemsRef.current.findIndex((item) => getKeyRef.current(item) === focusRequest.key);
    if (index < 0) return;
    virtualizer.scrollToIndex(Math.floor(index / columnsRef.current), { align: 'start' });
    // The row renders after the scroll: wait for its cell, then focus it.
    let attempts = 0;
    let frame = 0;
    const tryFocus = () => {
      const cell = containerRef.current?.querySelector<HTMLElement>(
        `[data-key="${CSS.escape(focusRequest.key)}"]`,
      );
      if (cell) {
        const target = cell.querySelector<HTMLElement>('[tabindex="-1"]') ?? cell;
        target.focus({ preventScroll: false });
        return;
      }
      attempts += 1;
      if (attempts < FOCUS_ATTEMPTS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, virtualizer]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: virtualised rows need positioned wrappers, which <ul> may not contain
    <div ref={containerRef} role="list" aria-label={label} data-testid={testId} className="virtual-grid">
      <div
        role="presentation"
        style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const start = row.index * columns;
          const rowItems = items.slice(start, start + columns);
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className="virtual-grid__row"
              role="presentation"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap,
                paddingBottom: gap,
              }}
            >
              {rowItems.map((item, offset) => (
                // biome-ignore lint/a11y/useSemanticElements: see the list above
                <div
                  role="listitem"
                  key={getKey(item)}
                  data-key={getKey(item)}
                  className="virtual-grid__cell"
                >
                  {renderItem(item, start + offset)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
