// Records in the page each change of a button's state as drawn, with when: a phase of a few hundred ms can be over
// before a check from the test looks (a busy machine).
import type { Locator } from "@playwright/test";

export interface Phase {
  state: string;
  at: number;
}
interface PhaseWindow {
  phases: Phase[];
}

/**
 * Watches the first button in `container`: its label (an inner aria-label, else its text) or its `aria-busy`, each
 * change with its performance.now(). Gives the reader of the record.
 */
export async function recordPhases(
  container: Locator,
  of: "label" | "busy",
): Promise<() => Promise<Phase[]>> {
  await container.evaluate((root, of) => {
    const w = window as unknown as PhaseWindow;
    w.phases = [];
    const read = () => {
      const button = root.querySelector("button");
      if (!button) return "";
      if (of === "busy") return button.getAttribute("aria-busy") ?? "";
      return (
        button.querySelector("[aria-label]")?.getAttribute("aria-label") ?? button.textContent?.trim() ?? ""
      );
    };
    const note = () => {
      const state = read();
      if (w.phases.at(-1)?.state !== state) w.phases.push({ state, at: performance.now() });
    };
    note();
    new MutationObserver(note).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }, of);
  return () => container.page().evaluate(() => (window as unknown as PhaseWindow).phases);
}
