// Boot time of an emulated unit as its own process, spawn to ready line: main.ts through tsx against the bundle; and
// what the browser tests' reset of a running unit costs instead (POST /api/__test/reset).
// Run: node --import tsx packages/device/bench/boot.bench.ts   (BENCH_STARTS=10; builds the bundle first when stale)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startChildDevice } from "../src/child.ts";
import { testHooksClient } from "../src/test-hooks-client.ts";

const STARTS = Number(process.env.BENCH_STARTS || 10);
const BUILD = fileURLToPath(new URL("../../../scripts/build-test-device.mjs", import.meta.url));

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Milliseconds from spawn to the ready line of one unit (a new data folder, seeded), then it is closed. */
async function bootMs(bundle: boolean): Promise<number> {
  const t0 = performance.now();
  const unit = await startChildDevice({
    bundle,
    env: { CONSOLE_DIST: "/nonexistent" },
    tempPrefix: "trc-boot-",
  });
  const ms = performance.now() - t0;
  await unit.close();
  return ms;
}

/** Milliseconds of each of `count` resets of one running unit (the bundle), each after a change to put back. */
async function resetTimes(count: number): Promise<number[]> {
  const unit = await startChildDevice({
    bundle: true,
    env: { CONSOLE_DIST: "/nonexistent", DEVICE_TEST_HOOKS: "1" },
  });
  const hooks = testHooksClient(unit.url);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      await fetch(`${unit.url}/api/filesystem/files/all`, { method: "DELETE" });
      const t0 = performance.now();
      await hooks.reset();
      times.push(performance.now() - t0);
    }
  } finally {
    await unit.close();
  }
  return times;
}

async function main(): Promise<void> {
  const built = spawnSync(process.execPath, [BUILD], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("scripts/build-test-device.mjs failed");
  const times = { tsx: [] as number[], bundle: [] as number[] };
  // Side by side: one of each in turn, so a busy moment of the machine falls on both.
  for (let i = 0; i < STARTS; i++) {
    times.tsx.push(await bootMs(false));
    times.bundle.push(await bootMs(true));
  }
  const tsx = median(times.tsx);
  const bundle = median(times.bundle);
  const row = (name: string, xs: number[]) =>
    `${name.padEnd(7)} median ${median(xs).toFixed(0).padStart(5)} ms  (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
  console.log(`Boot time, spawn to ready line, ${STARTS} starts each:`);
  console.log(row("tsx", times.tsx));
  console.log(row("bundle", times.bundle));
  console.log(`ratio   tsx / bundle = ${(tsx / bundle).toFixed(2)}`);
  console.log(row("reset", await resetTimes(STARTS)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
