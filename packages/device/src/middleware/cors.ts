// Open CORS: any origin may call the API (the console may be served from elsewhere), preflights included.
import type { MiddlewareHandler } from "hono";

const ALLOW_METHODS = "GET, POST, DELETE, OPTIONS";

export function openCors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const requested = c.req.header("access-control-request-headers");
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": ALLOW_METHODS,
        "Access-Control-Allow-Headers": requested || "Content-Type",
        "Access-Control-Max-Age": "600",
        Vary: "Access-Control-Request-Headers",
      });
    }
    await next();
    c.res.headers.set("Access-Control-Allow-Origin", "*");
    c.res.headers.set("Access-Control-Expose-Headers", "Content-Disposition, Retry-After");
  };
}
