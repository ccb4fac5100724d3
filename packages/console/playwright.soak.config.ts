// The soaks (e2e/soak/): `npm run soak` runs them long, `npm run soak:smoke` (CI) for a minute; `npm test` skips them.
import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

export default defineConfig({
  ...base,
  testDir: "e2e/soak",
  testIgnore: [],
  // A soak's length is its own (TRC_SOAK_MS and the others): no run-wide limit.
  globalTimeout: 0,
});
