// Test hooks under /api/__test/ (only with testHooks): inject faults, read the request log (after a cursor) and the
// request statistics, reset the unit to a new one's state, and say where its timing ports listen.
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail } from "../http.ts";
import type { FaultSpec, FaultTable } from "../middleware/faults.ts";
import { readJson } from "../middleware/json-body.ts";
import type { RequestMonitor } from "../middleware/request-monitor.ts";
import { factoryReset } from "../state/factory-reset.ts";

export const TEST_PREFIX = "/api/__test";

function checkFault(v: Record<string, unknown>): FaultSpec | string {
  const { path, status, count = 1, body, probability } = v;
  if (typeof path !== "string" || !path.startsWith("/") || path.length > 256) {
    return 'path must be an API path such as "/api/config/set", or a prefix ending in "*"';
  }
  if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599) {
    return "status must be a whole number from 200 to 599";
  }
  if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > 10_000) {
    return "count must be a whole number from 1 to 10000";
  }
  if (
    probability !== undefined &&
    (typeof probability !== "number" || !(probability > 0 && probability <= 1))
  ) {
    return "probability must be a number above 0 and at most 1";
  }
  const spec: FaultSpec = body === undefined ? { path, status, count } : { path, status, count, body };
  return probability === undefined ? spec : { ...spec, probability };
}

/** The unit's own hooks a reset runs (in this process): scenario and clock offset, stream settings, open streams. */
export const RESET_HOOKS = [
  ["DELETE", "/scenario"],
  ["DELETE", "/stream"],
  ["POST", "/stream/drop"],
] as const;

/** Runs each hook of RESET_HOOKS through the app (the same handlers a test calls); a hook not answering 2xx throws. */
async function runResetHooks(app: DeviceApp): Promise<void> {
  for (const [method, path] of RESET_HOOKS) {
    const res = await app.request(`${TEST_PREFIX}${path}`, { method });
    if (!res.ok)
      throw new Error(`${method} ${TEST_PREFIX}${path} answered ${res.status}: ${await res.text()}`);
  }
}

export function testHookRoutes(
  app: DeviceApp,
  monitor: RequestMonitor,
  faults: FaultTable,
  device: Device,
): void {
  endpoint(app, `${TEST_PREFIX}/fault`, {
    POST: async (c) => {
      const json = await readJson(c);
      if (!json.ok) return fail(c, 400, json.reason);
      const spec = checkFault(json.value as Record<string, unknown>);
      if (typeof spec === "string") return fail(c, 400, spec);
      faults.add(spec);
      return c.json({ added: spec, pending: faults.pending });
    },
    GET: (c) => c.json({ pending: faults.pending }),
    DELETE: (c) => {
      faults.clear();
      return c.json({ pending: [] });
    },
  });

  endpoint(app, `${TEST_PREFIX}/log`, {
    // `?after=N`: only the entries after that cursor (a seq from /log/seq or an entry).
    GET: (c) => {
      const after = c.req.query("after");
      if (after === undefined) return c.json(monitor.entries);
      if (!/^\d{1,15}$/.test(after))
        return fail(c, 400, "after must be a whole number (a seq of the request log)");
      return c.json(monitor.entriesAfter(Number(after)));
    },
    DELETE: (c) => {
      monitor.clearLog();
      return c.json({ cleared: true });
    },
  });
  // The cursor: the seq of the last request logged (0 before the first), to read what comes after an action.
  endpoint(app, `${TEST_PREFIX}/log/seq`, { GET: (c) => c.json({ seq: monitor.lastSeq }) });

  const reset = (c: DeviceContext) => {
    monitor.resetStats();
    return c.json(monitor.stats);
  };
  endpoint(app, `${TEST_PREFIX}/stats`, { GET: (c) => c.json(monitor.stats), DELETE: reset });
  endpoint(app, `${TEST_PREFIX}/reset-stats`, { POST: reset });
  endpoint(app, `${TEST_PREFIX}/stats/reset`, { POST: reset });

  // Where the timing ports (D12) listen now: a test unit's are free ports (PORT=0), not the configuration's.
  endpoint(app, `${TEST_PREFIX}/timing-ports`, { GET: (c) => c.json(device.timing.ports()) });

  // Back to a freshly seeded unit without a restart: faults, stored state (a scheduled reboot put off first), scenario
  // and streams, then the log and stats. Resets run one at a time; the listener stays up throughout.
  let resetting: Promise<unknown> = Promise.resolve();
  endpoint(app, `${TEST_PREFIX}/reset`, {
    POST: async (c) => {
      const run = resetting.then(async () => {
        faults.clear();
        await factoryReset(device);
        await runResetHooks(app);
        monitor.clearLog();
        monitor.resetStats();
      });
      resetting = run.catch(() => {});
      await run;
      return c.json({ reset: true });
    },
  });
}
