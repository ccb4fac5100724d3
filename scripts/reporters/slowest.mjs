// Formats the ten slowest tests of a run as lines for the CI log (shared by the Vitest and Playwright reporters).

/** How many of the slowest tests a run lists. */
export const SLOWEST_COUNT = 10;

/**
 * The `count` longest of `tests` ({ name, ms }), longest first, as printable lines with a heading.
 * @param {string} heading
 * @param {{ name: string, ms: number }[]} tests
 * @param {number} [count]
 * @returns {string[]}
 */
export function slowestLines(heading, tests, count = SLOWEST_COUNT) {
  const top = [...tests].sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name)).slice(0, count);
  const total = tests.reduce((sum, t) => sum + t.ms, 0);
  const width = Math.max(0, ...top.map((t) => (t.ms / 1000).toFixed(1).length));
  return [
    `${heading}: the ${top.length} slowest of ${tests.length} (all of them add up to ${(total / 1000).toFixed(1)} s)`,
    ...top.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(width)} s  ${t.name}`),
  ];
}
