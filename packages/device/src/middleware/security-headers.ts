// Security headers (Hono's secureHeaders) on every answer; the CSP only on the console's pages and files, not on /api.
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

/** No inline script or style anywhere: the build has none (an e2e test checks). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", "data:", "blob:"],
  connectSrc: ["*"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
};

// Off: HSTS means nothing on a unit reached over plain HTTP on its own network, and Cross-Origin-Resource-Policy
// would undo the open CORS of the API (a console served from elsewhere may read the unit).
const common = {
  strictTransportSecurity: false,
  crossOriginResourcePolicy: false,
  xFrameOptions: "DENY",
} as const;
const forApi = secureHeaders(common);
const forConsole = secureHeaders({ ...common, contentSecurityPolicy: CONTENT_SECURITY_POLICY });

export function securityHeaders(): MiddlewareHandler {
  return (c, next) => (c.req.path.startsWith("/api/") ? forApi(c, next) : forConsole(c, next));
}
