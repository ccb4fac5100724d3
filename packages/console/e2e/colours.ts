// The colours a user sees: which of the console's named colours (its CSS variables) an element shows in one property.
import type { Locator } from "@playwright/test";

/** The console's named colours, as their CSS variables are called without the dashes. */
export type Colour = "green" | "yellow" | "orange" | "red" | "green-bg" | "yellow-bg" | "red-bg";
const COLOURS: readonly Colour[] = ["green", "yellow", "orange", "red", "green-bg", "yellow-bg", "red-bg"];

/** The named colour `el` shows in `property` (e.g. "color", "border-left-color"), or "none" when none matches. */
export function shownColour(el: Locator, property: string): Promise<Colour | "none"> {
  return el.evaluate(
    (node, [prop, names]) => {
      const shown = getComputedStyle(node).getPropertyValue(prop);
      const probe = document.createElement("i");
      document.body.append(probe);
      try {
        for (const name of names) {
          probe.style.color = `var(--${name})`;
          if (getComputedStyle(probe).color === shown) return name;
        }
        return "none";
      } finally {
        probe.remove();
      }
    },
    [property, COLOURS] as const,
  ) as Promise<Colour | "none">;
}
