// Environment rows: Vite's variables first, VITE_* by name, values as text, the compile time last.
import { describe, expect, it } from "vitest";
import { envRows } from "./buildEnv.ts";

describe("envRows", () => {
  it.each([
    [
      "a production build",
      { VITE_B: "2", DEV: false, PROD: true, BASE_URL: "/", MODE: "production", VITE_A: "x", SSR: false },
      "2026-11-22T05:00:00.000Z",
      [
        ["MODE", "production"],
        ["BASE_URL", "/"],
        ["PROD", "true"],
        ["DEV", "false"],
        ["SSR", "false"],
        ["VITE_A", "x"],
        ["VITE_B", "2"],
        ["__COMPILE_TIME__", "2026-11-22T05:00:00.000Z"],
      ],
    ],
    ["nothing known", {}, undefined, [["__COMPILE_TIME__", "(not set)"]]],
    [
      "odd values",
      { VITE_X: undefined, VITE_Y: { a: 1 } },
      "t",
      [
        ["VITE_X", "(undefined)"],
        ["VITE_Y", '{"a":1}'],
        ["__COMPILE_TIME__", "t"],
      ],
    ],
  ])("%s", (_, env, compileTime, rows) => {
    expect(envRows(env, compileTime).map((r) => [r.name, r.value])).toEqual(rows);
  });
});
