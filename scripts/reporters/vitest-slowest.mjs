// Vitest reporter: after the run, the ten slowest test files (a file's tests and hooks, plus its import).
import { slowestLines } from "./slowest.mjs";

export default class SlowestFiles {
  /** @param {ReadonlyArray<import("vitest/node").TestModule>} modules */
  onTestRunEnd(modules) {
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return { name: `[${m.project.name}] ${m.relativeModuleId}`, ms: d.duration + d.collectDuration };
    });
    console.log(`\n${slowestLines("Unit test files", files).join("\n")}`);
  }
}
