// Unit-test setup of the console: jest-dom matchers, every render in StrictMode, and after each test a clean DOM and
// every store forgotten (the next test's first use makes it again from browser storage, as a page load does).
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { resetAllStores } from "./src/shared/store/lazyStore.ts";

configure({ reactStrictMode: true });
afterEach(() => {
  cleanup();
  resetAllStores();
});
