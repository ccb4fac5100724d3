// Windowed rows: a long fleet table draws only the rows near the viewport (500 units cost what 40 do).
import { type RefObject, useCallback, useLayoutEffect, useState } from "react";

/** Below this many rows every row is drawn. */
export const WINDOW_FROM = 80;
/** Rows drawn beyond each edge of the viewport (a fast scroll does not show blank space). */
export const OVERSCAN = 15;
/** A row's height before one was measured (px). */
const ROW_PX = 56;

export interface RowWindow {
  start: number;
  end: number;
  /** Height of the rows not drawn above and below (px). */
  above: number;
  below: number;
}

/**
 * The rows to draw: all of them under WINDOW_FROM, else those whose estimated position (`rowPx` each, the body's top
 * `bodyTop` px from the viewport's top) is within the viewport, plus OVERSCAN on each side.
 */
export function rowWindow(count: number, rowPx: number, bodyTop: number, viewportPx: number): RowWindow {
  if (count < WINDOW_FROM) return { start: 0, end: count, above: 0, below: 0 };
  const first = Math.floor(-bodyTop / rowPx) - OVERSCAN;
  const last = Math.ceil((viewportPx - bodyTop) / rowPx) + OVERSCAN;
  const start = Math.min(Math.max(0, first), count);
  const end = Math.max(start, Math.min(count, last));
  return { start, end, above: start * rowPx, below: (count - end) * rowPx };
}

const sameWindow = (a: RowWindow, b: RowWindow) =>
  a.start === b.start && a.end === b.end && Math.abs(a.above - b.above) + Math.abs(a.below - b.below) < 1;

/** The window over the page's scroll, recomputed on scroll and resize (once per frame) and when `count` changes. */
export function useRowWindow(count: number, body: RefObject<HTMLTableSectionElement | null>): RowWindow {
  const [win, setWin] = useState(() => rowWindow(count, ROW_PX, 0, 1000));
  const settle = useCallback((next: RowWindow) => setWin((w) => (sameWindow(w, next) ? w : next)), []);
  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = body.current;
      if (!el || count < WINDOW_FROM) return settle(rowWindow(count, ROW_PX, 0, 0));
      const drawn = [...el.querySelectorAll<HTMLElement>('tr[data-testid="fleet-row"]')];
      const rowPx = drawn.length
        ? drawn.reduce((sum, r) => sum + r.getBoundingClientRect().height, 0) / drawn.length
        : ROW_PX;
      const next = rowWindow(count, Math.max(20, rowPx), el.getBoundingClientRect().top, window.innerHeight);
      settle(next);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [count, body, settle]);
  return win;
}
