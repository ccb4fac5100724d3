// The device's HTTP application: middleware in order (stats, CORS, profile, faults, limits), API routes, then the console.
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Device } from "./device.ts";
import { type DeviceEnv, fail } from "./http.ts";
import { AuthThrottle } from "./middleware/auth-throttle.ts";
import { esp32Profile } from "./middleware/esp32-profile.ts";
import { chaos, FaultTable } from "./middleware/faults.ts";
import { bodyLimits } from "./middleware/limits.ts";
import { RequestMonitor } from "./middleware/request-log.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { commandRoutes } from "./routes/commands.ts";
import { configRoutes } from "./routes/config.ts";
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
  // Open CORS: any origin may call the unit (the console may be served from elsewhere), preflights answered 204.
  app.use(
    cors({
      origin: "*",
      allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
      exposeHeaders: ["Content-Disposition", "Retry-After"],
      maxAge: 600,
    }),
  );
  app.use(options.profile === "esp32" ? esp32Profile(monitor.handlingCounter()) : monitor.handlingCounter());
  app.use("/api/*", bodyLimits());
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
    options.log(`${c.req.method} ${c.req.path} failed: ${err.stack ?? String(err)}`);
    return fail(c, 500, `Internal error: ${err.message}`);
  });
  return app;
}
