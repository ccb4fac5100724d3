// The fleet's row window: every row under 80, else the rows near the viewport with their spacers' heights.
import { describe, expect, it } from "vitest";
import { OVERSCAN, rowWindow, WINDOW_FROM } from "./rowWindow.ts";

describe("rowWindow", () => {
  it("draws every row of a short table", () => {
    expect(rowWindow(WINDOW_FROM - 1, 50, -5000, 800)).toEqual({
      start: 0,
      end: WINDOW_FROM - 1,
      above: 0,
      below: 0,
    });
  });

  it("draws the rows on screen plus the overscan; spacers stand for the rest", () => {
    // 500 rows of 50 px, the table's body 2000 px above the viewport's top: rows 40..56 are on screen.
    const w = rowWindow(500, 50, -2000, 800);
    expect(w).toEqual({
      start: 40 - OVERSCAN,
      end: 56 + OVERSCAN,
      above: (40 - OVERSCAN) * 50,
      below: (500 - 56 - OVERSCAN) * 50,
    });
    expect(w.above + (w.end - w.start) * 50 + w.below).toBe(500 * 50);
  });

  it("at the top and past the end it stays within the rows", () => {
    expect(rowWindow(500, 50, 300, 800)).toMatchObject({ start: 0, end: 10 + OVERSCAN, above: 0 });
    expect(rowWindow(500, 50, -100_000, 800)).toMatchObject({ start: 500, end: 500, below: 0 });
  });
});
