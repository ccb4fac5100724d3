// Records in the page each change of a button's state as drawn, with when: a phase of a few hundred ms can be over
// before a check from the test looks (a busy machine).
import type { Locator } from "@playwright/test";

export interface Phase {
  state: string;
  /** Date.now() in the page when drawn: the same machine's clock as the test's and the device's request log. */
  wall: number;
}
interface PhaseWindow {
  phaseRecords?: Phase[][];
}

/**
 * Watches `container` if it is a button, else the first button in it: its label (an inner aria-label, else its text),
 * its `aria-busy`, whether it is enabled ("enabled" / "disabled") or its `aria-pressed` (a toggle), each change with
 * when it was drawn. Returns the reader of this record; each call keeps its own, so two recorders on one page don't mix.
 */
export async function recordPhases(
  container: Locator,
  of: "label" | "busy" | "enabled" | "pressed",
): Promise<() => Promise<Phase[]>> {
  const id = await container.evaluate((root, of) => {
    const w = window as unknown as PhaseWindow;
    w.phaseRecords ??= [];
    const phases: Phase[] = [];
    const read = () => {
      const button = root instanceof HTMLButtonElement ? root : root.querySelector("button");
      if (!button) return "";
      if (of === "busy") return button.getAttribute("aria-busy") ?? "";
      if (of === "pressed") return button.getAttribute("aria-pressed") ?? "";
      if (of === "enabled") return button.disabled ? "disabled" : "enabled";
      return (
        button.querySelector("[aria-label]")?.getAttribute("aria-label") ?? button.textContent?.trim() ?? ""
      );
    };
    const note = () => {
      const state = read();
      if (phases.at(-1)?.state !== state) phases.push({ state, wall: Date.now() });
    };
    note();
    new MutationObserver(note).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    return w.phaseRecords.push(phases) - 1;
  }, of);
  return () =>
    container.page().evaluate((id) => (window as unknown as PhaseWindow).phaseRecords?.[id] ?? [], id);
}
