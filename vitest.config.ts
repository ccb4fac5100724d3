// Unit tests of every package: protocol and device in Node, the console in happy-dom.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "device",
          root: "packages/device",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: "packages/console/vite.config.ts",
        // Browser builds of libraries (react-router 7's "node" export is CommonJS, whose require("react") escapes the Preact alias).
        resolve: { conditions: ["module", "browser", "development|production"] },
        test: {
          name: "console",
          root: "packages/console",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          // Inline so that the preact aliases of vite.config.ts apply inside Testing Library too.
          server: { deps: { inline: [/@testing-library/, /react-router/, /@tanstack/, /zustand/] } },
        },
      },
    ],
  },
});
