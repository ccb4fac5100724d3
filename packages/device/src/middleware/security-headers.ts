// Security headers on every answer (the CSP only on the console's pages and files).
import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src *; " +
  "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "no-referrer");
    if (!c.req.path.startsWith("/api/")) h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  };
}
