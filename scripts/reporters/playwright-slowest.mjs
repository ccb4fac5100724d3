// Playwright reporter: after the run, the ten slowest browser tests (each attempt's own duration, fixtures included).
import { slowestLines } from "./slowest.mjs";

export default class SlowestTests {
  /** @type {{ name: string, ms: number }[]} */
  #tests = [];

  printsToStdio() {
    return false;
  }

  /** @param {import("@playwright/test/reporter").TestCase} test @param {import("@playwright/test/reporter").TestResult} result */
  onTestEnd(test, result) {
    this.#tests.push({ name: test.titlePath().filter(Boolean).slice(1).join(" › "), ms: result.duration });
  }

  onEnd() {
    console.log(`\n${slowestLines("Browser tests", this.#tests).join("\n")}`);
  }
}
