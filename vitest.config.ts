// Unit tests of every package: protocol and device in Node, the console's components in happy-dom, its logic in Node.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The usual report, then the ten slowest test files (CI prints them to show where the time goes).
    reporters: ["default", "./scripts/reporters/vitest-slowest.mjs"],
    // Vitest's default on 2 cores is 1 worker; most device and conformance files wait on I/O (units as processes,
    // sockets), so 4 run side by side: the whole suite one after the other on this 2-core machine, 1/2/3/4 workers:
    // 695 / 319 / 273 / 252 s (docs/TESTING.md).
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: "scripts",
          root: "scripts",
          include: ["**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["src/**/*.test.ts"],
          environment: "node",
          // Property tests (fast-check) run hundreds of cases; beside other workers on 2 cores they can pass 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "device",
          root: "packages/device",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          // A worker's files share one module graph: the device's modules are loaded once per worker, not per file
          // (the project alone, 4 workers: 78 s -> 59 s, docs/TESTING.md). Nothing in it registers a hook or keeps a
          // state at import: what a file leaves behind is ended by test/setup.ts after each test and file.
          isolate: false,
          setupFiles: ["./test/setup.ts"],
        },
      },
      {
        test: {
          name: "conformance",
          root: "packages/conformance",
          include: ["test/**/*.test.ts"],
          environment: "node",
          // Each test starts emulators and runs the kit (the CLI tests spawn it); a busy 2-core machine is slow.
          testTimeout: 60_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: "packages/console/vite.config.ts",
        test: {
          name: "console",
          root: "packages/console",
          // Components and hooks (.tsx), and the logic that needs a browser's storage or DOM (.dom.test.ts); beside
          // their modules, test-only code (property tests and their arbitraries) under test/.
          include: [
            "src/**/*.test.tsx",
            "test/**/*.test.tsx",
            "src/**/*.dom.test.ts",
            "test/**/*.dom.test.ts",
          ],
          environment: "happy-dom",
          // Property tests render hundreds of trees; a shared 2-core machine can take well over the 5 s default.
          testTimeout: 30_000,
          // jest-dom matchers, and every render under <StrictMode> (double renders and effects).
          setupFiles: ["./test-setup.ts"],
        },
      },
      {
        extends: "packages/console/vite.config.ts",
        test: {
          name: "console-logic",
          root: "packages/console",
          // The console's pure logic in Node: no DOM to build per file (its 74 files: 85 s in happy-dom, 34 s here,
          // docs/TESTING.md). A test that needs localStorage, window or a render is named *.dom.test.ts.
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ["**/*.dom.test.ts", "**/node_modules/**"],
          environment: "node",
          testTimeout: 30_000,
          // Every store forgotten after each test, as in the DOM project.
          setupFiles: ["./test-setup-logic.ts"],
        },
      },
    ],
  },
});
