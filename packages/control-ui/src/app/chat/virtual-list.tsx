/**
 * A vertical list that renders only the rows near the viewport. Rows are measured as they render
 * (ResizeObserver); unmeasured rows count at an estimate. It sticks to the bottom while the user
 * is there, so a streaming answer stays in view without stealing the scroll from someone reading.
 */
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { visibleRange } from "./visible-range.js";

const ESTIMATE_PX = 96;
const OVERSCAN_PX = 800;
const BOTTOM_SLACK_PX = 48;

export interface VirtualListProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderRow: (row: T) => ComponentChildren;
  label: string;
}

export function VirtualList<T>({ rows, rowKey, renderRow, label }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const measured = useRef(new Map<string, number>());
  const atBottom = useRef(true);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [, setVersion] = useState(0);
  const observer = useMemo(
    () =>
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = (entry.target as HTMLElement).dataset.key;
              const height = Math.ceil(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height);
              if (key !== undefined && measured.current.get(key) !== height) {
                measured.current.set(key, height);
                changed = true;
              }
            }
            if (changed) setVersion((v) => v + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // Only a move up lets go of the bottom: a row that grows (an image loading) or a list that
    // shrinks (files waiting in the composer) must not, or the newest message slides out of view.
    if (el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX) atBottom.current = true;
    else if (el.scrollTop < lastTop.current - 1) atBottom.current = false;
    lastTop.current = el.scrollTop;
    setViewport({ top: el.scrollTop, height: el.clientHeight });
  }, []);

  const heights = rows.map((row) => measured.current.get(rowKey(row)) ?? ESTIMATE_PX);
  const total = heights.reduce((sum, h) => sum + h, 0);
  const [start, end, offset] = visibleRange(
    heights,
    viewport.top - OVERSCAN_PX,
    viewport.top + viewport.height + OVERSCAN_PX,
  );
  const after = total - offset - heights.slice(start, end).reduce((sum, h) => sum + h, 0);

  // Stick to the bottom by scrolling only: the scroll event then moves the window, so a row that
  // turns out taller than its estimate never feeds back into this render.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current && el.scrollHeight - el.scrollTop - el.clientHeight > 1)
      el.scrollTop = el.scrollHeight;
  });

  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const resize = new ResizeObserver(() => setViewport({ top: el.scrollTop, height: el.clientHeight }));
    resize.observe(el);
    return () => resize.disconnect();
  }, []);

  const measure = (key: string) => (el: HTMLDivElement | null) => {
    if (el && observer && el.dataset.observed !== "1") {
      el.dataset.observed = "1";
      observer.observe(el);
    }
    if (el) el.dataset.key = key;
  };

  return (
    <div
      class="virtual-list"
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={label}
      aria-live="polite"
    >
      <div class="virtual-spacer" style={{ height: `${offset}px` }} />
      {rows.slice(start, end).map((row) => {
        const key = rowKey(row);
        return (
          <div key={key} ref={measure(key)} class="virtual-row">
            {renderRow(row)}
          </div>
        );
      })}
      <div class="virtual-spacer" style={{ height: `${Math.max(0, after)}px` }} />
    </div>
  );
}
