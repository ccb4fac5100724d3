// startChildDevice with `bundle`: plain node on the bundle scripts/build-test-device.mjs makes, tsx when there is none.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { API } from "@trc/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { nodeArgs, TEST_BUNDLE } from "../src/child.ts";
import { startChildDevice } from "../src/index.ts";
import { REPO_ROOT } from "../src/options.ts";

const MAIN = join(REPO_ROOT, "packages/device/src/main.ts");

describe("nodeArgs", () => {
  it("runs main.ts through tsx unless the bundle is asked for and there", () => {
    expect(nodeArgs({}, {})).toEqual(["--import", "tsx", MAIN]);
    expect(nodeArgs({ bundle: true }, { TRC_DEVICE_BUNDLE: "no/such/bundle.mjs" })).toEqual([
      "--import",
      "tsx",
      MAIN,
    ]);
  });

  it("a `main` of its own wins over the bundle", () => {
    const stub = join(REPO_ROOT, "packages/device/test/fixtures/deaf-device.ts");
    expect(nodeArgs({ main: stub, bundle: true }, {})).toEqual(["--import", "tsx", stub]);
  });

  it("TRC_DEVICE_BUNDLE names a bundle (from the root) and turns it on", () => {
    const env = { TRC_DEVICE_BUNDLE: "packages/device/package.json" };
    expect(nodeArgs({}, env)).toEqual([join(REPO_ROOT, "packages/device/package.json")]);
  });
});

describe("a unit started from the bundle", () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, [join(REPO_ROOT, "scripts/build-test-device.mjs")]);
    expect(built.status, String(built.stderr)).toBe(0);
  }, 60_000);

  it("runs the bundle with plain node, seeds its folder and answers", async () => {
    expect(nodeArgs({ bundle: true }, {})).toEqual([TEST_BUNDLE]);
    const dev = await startChildDevice({ bundle: true, env: { CONSOLE_DIST: "/nonexistent" } });
    try {
      expect(dev.child.spawnargs.slice(1)).toEqual([TEST_BUNDLE]);
      const res = await fetch(`${dev.url}${API.deviceName}`);
      expect(await res.json()).toEqual({ deviceName: "DECODER-01", mode: "uhf" });
    } finally {
      await dev.close();
    }
  }, 30_000);
});
