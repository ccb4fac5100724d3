// The device's HTTP application: middleware in order (stats, origins, CORS, profile, limits, body types, faults), API routes, then the console.
import { Hono } from "hono";
import type { Device } from "./device.ts";
import { type DeviceEnv, fail } from "./http.ts";
import { AuthThrottle } from "./middleware/auth-throttle.ts";
import { esp32Profile } from "./middleware/esp32-profile.ts";
import { failureLine } from "./middleware/failure-log.ts";
import { chaos, FaultTable } from "./middleware/faults.ts";
import { bodyLimits } from "./middleware/limits.ts";
import { bodyTypeGuard, originGuard, unitCors } from "./middleware/origin-guard.ts";
import { RequestMonitor } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
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

export interface Instruments {
  monitor: RequestMonitor;
  faults: FaultTable;
}

export function createInstruments(): Instruments {
  return { monitor: new RequestMonitor(), faults: new FaultTable() };
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
  app.use(options.profile === "esp32" ? esp32Profile(monitor.handlingCounter()) : monitor.handlingCounter());
  app.use("/api/*", bodyLimits());
  app.use("/api/*", bodyTypeGuard());
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  });
  if (options.testHooks) app.use(faults.middleware());
  if (options.chaos > 0) app.use(chaos(options.chaos));

  telemetryRoutes(app, device);
  passingsStreamRoutes(app, device);
  const guesses = new AuthThrottle();
  commandRoutes(app, device, guesses);
  configRoutes(app, device, guesses);
  fileRoutes(app, device);
  firmwareRoutes(app, device);
  openApiRoutes(app);
  eventRoutes(app, device);
  if (options.testHooks) testHookRoutes(app, monitor, faults);
  if (options.testHooks) scenarioHookRoutes(app, device);
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
