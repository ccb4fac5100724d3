// The device's HTTP application: middleware in order (stats, origins, CORS, profile, limits, body types, faults), API routes, then the console.
import { Hono } from "hono";
import type { Clock } from "./clock/clock.ts";
import type { Device } from "./device.ts";
import { type DeviceEnv, fail } from "./http.ts";
import { AuthThrottle } from "./middleware/auth-throttle.ts";
import { esp32Profile } from "./middleware/esp32-profile.ts";
import { failureLine } from "./middleware/failure-log.ts";
import { chaos, FaultTable } from "./middleware/faults.ts";
import { bodyLimits } from "./middleware/limits.ts";
import { bodyTypeGuard, originGuard, unitCors } from "./middleware/origin-guard.ts";
import { RequestMonitor } from "./middleware/request-monitor.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { clockHookRoutes } from "./routes/clock-hooks.ts";
import { commandRoutes } from "./routes/commands.ts";
import { configRoutes } from "./routes/config.ts";
import { eventRoutes } from "./routes/event.ts";
import { fileRoutes } from "./routes/files.ts";
import { firmwareRoutes } from "./routes/firmware.ts";
import { openApiRoutes } from "./routes/openapi.ts";
import { passingsStreamRoutes } from "./routes/passings-stream.ts";
import { scenarioHookRoutes } from "./routes/scenario-hooks.ts";
import { staticRoutes } from "./routes/static.ts";
import { telemetryRoutes } from "./routes/telemetry.ts";
import { TEST_PREFIX, testHookRoutes } from "./routes/test-hooks.ts";
import { RANDOM_STREAMS, randomStream } from "./sim/noise.ts";

export interface Instruments {
  monitor: RequestMonitor;
  faults: FaultTable;
}

/** The request log (times on the unit's host clock) and the fault table (its draws from the unit's seed). */
export function createInstruments(clock: Pick<Clock, "now">, seed: number): Instruments {
  return {
    monitor: new RequestMonitor(clock),
    faults: new FaultTable(randomStream(seed, RANDOM_STREAMS.faults)),
  };
}

export function buildApp(device: Device, { monitor, faults }: Instruments): Hono<DeviceEnv> {
  const { options } = device;
  const app = new Hono<DeviceEnv>();

  app.use(monitor.middleware());
  app.use(securityHeaders());
  // The unit's own origin and private-network origins may call it (a console served from elsewhere, another
  // unit's fleet page); a public origin's writes and preflights are refused before anything runs.
  app.use(originGuard());
  app.use(unitCors());
  const counter = monitor.handlingCounter();
  app.use(options.profile === "esp32" ? esp32Profile(counter, device.latencyRandom) : counter);
  app.use("/api/*", bodyLimits());
  app.use("/api/*", bodyTypeGuard());
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  if (options.testHooks) app.use(faults.middleware());
  if (options.chaos > 0) {
    // The faults come from the seed: DEVICE_SEED=<seed> with the same requests replays them (a failed soak).
    options.log(
      `chaos ${options.chaos}: faults drawn from seed ${options.seed} (DEVICE_SEED=${options.seed} replays them)`,
    );
    app.use(chaos(options.chaos, randomStream(options.seed, RANDOM_STREAMS.chaos)));
  }

  telemetryRoutes(app, device);
  passingsStreamRoutes(app, device);
  const guesses = new AuthThrottle(device.hostClock);
  commandRoutes(app, device, guesses);
  configRoutes(app, device, guesses);
  fileRoutes(app, device);
  firmwareRoutes(app, device);
  openApiRoutes(app);
  eventRoutes(app, device);
  if (options.testHooks) testHookRoutes(app, monitor, faults, device);
  if (options.testHooks) scenarioHookRoutes(app, device);
  if (options.testHooks) clockHookRoutes(app, device);
  app.all("/api/*", (c) => {
    const hooksOff = c.req.path.startsWith(`${TEST_PREFIX}/`)
      ? " (test hooks are off: DEVICE_TEST_HOOKS=1)"
      : "";
    return fail(c, 404, `No such API path: ${c.req.path}${hooksOff}`);
  });
  app.all("/api", (c) => fail(c, 404, "No such API path: /api"));
  staticRoutes(app, options.consoleDist);

  app.onError((err, c) => {
    options.log(failureLine(c, err));
    return fail(c, 500, `Internal error: ${err.message}`);
  });
  return app;
}
