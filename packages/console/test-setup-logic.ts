// Unit-test setup of the console's logic in Node: after each test every store is forgotten (the next use makes it
// again, as a page load does), as test-setup.ts does for the DOM tests.
import { afterEach } from "vitest";
import { resetAllStores } from "./src/shared/store/lazyStore.ts";

afterEach(() => {
  resetAllStores();
});
