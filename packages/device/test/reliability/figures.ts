// Reliability figures: tests write what they measured to a JSON file that scripts/reliability-report.mjs turns into docs/RELIABILITY.md.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** reliability-figures.json at the repository root's docs/ folder (only when TRC_FIGURES=1, so normal runs leave the tree clean). */
export const FIGURES_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  "../../../../docs/reliability/figures.json",
);

export async function recordFigure(name: string, value: unknown): Promise<void> {
  if (!process.env.TRC_FIGURES) return;
  await mkdir(dirname(FIGURES_FILE), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(await readFile(FIGURES_FILE, "utf8"));
  } catch {
    // first figure
  }
  all[name] = { ...(value as object), measuredAt: new Date().toISOString() };
  await writeFile(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
}
