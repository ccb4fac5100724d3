// Which web pages may use the unit: its own origin and private-network ones; a public page can neither read nor write.
import { BlockList, isIP, isIPv4, isIPv6 } from "node:net";
import { API } from "@trc/protocol";
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { type DeviceContext, type DeviceEnv, fail } from "../http.ts";

/** Loopback, RFC 1918, link-local and IPv6 unique-local addresses: where a unit and its consoles live. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const) {
  PRIVATE.addSubnet(net, bits, "ipv4");
}
PRIVATE.addAddress("::1", "ipv6");
PRIVATE.addSubnet("fc00::", 7, "ipv6");
PRIVATE.addSubnet("fe80::", 10, "ipv6");

/** Names no public DNS answers: mDNS, loopback names, RFC 8375's home network and ICANN's private-use TLD. */
const PRIVATE_SUFFIXES = [".local", ".localhost", ".home.arpa", ".internal"];

/** A host name (no port, IPv6 without brackets) on the unit's side of the internet. */
export function isPrivateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix))) return true;
  if (isIPv4(name)) return PRIVATE.check(name, "ipv4");
  if (isIPv6(name)) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(name)?.[1];
    return mapped ? PRIVATE.check(mapped, "ipv4") : PRIVATE.check(name, "ipv6");
  }
  return false;
}

/**
 * The origin when a page there may use the unit: a private-network one, or the unit's own origin (equal to the
 * request's Host) when that Host is an IP address; a DNS name as Host could be a public name rebound to the unit.
 */
export function allowedOrigin(origin: string, ownHost: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (isPrivateHost(hostname)) return origin;
  const ownAddress = ownHost !== undefined && url.host === ownHost.toLowerCase() && isIP(hostname) !== 0;
  return ownAddress ? origin : null;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const originOf = (c: DeviceContext) => c.req.header("origin");
const refusedOrigin = (c: DeviceContext): string | null => {
  const origin = originOf(c);
  return origin !== undefined && !allowedOrigin(origin, c.req.header("host")) ? origin : null;
};

/**
 * Before anything else runs: a write, or a preflight, from a public origin is refused with 403 and its reason.
 * Requests without an Origin (curl, scripts, the conformance kit) are not browser pages and pass.
 */
export function originGuard(): MiddlewareHandler<DeviceEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const preflight = method === "OPTIONS" && c.req.header("access-control-request-method") !== undefined;
    const origin = WRITES.has(method) || preflight ? refusedOrigin(c) : null;
    if (origin !== null) {
      return fail(
        c,
        403,
        `Refused: a page from ${origin.slice(0, 100)} may not use this unit; only the unit's own address and private-network addresses (loopback, 10/8, 172.16/12, 192.168/16, 169.254/16, .local) may`,
      );
    }
    await next();
  };
}

/**
 * Cross-origin answers for allowed origins only (Hono's cors with an origin function), including Chrome's
 * private-network preflight: Access-Control-Allow-Private-Network only for an origin that is allowed.
 */
export function unitCors(): MiddlewareHandler<DeviceEnv> {
  const answer = cors({
    origin: (origin, c) => allowedOrigin(origin, c.req.header("host")),
    allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
    exposeHeaders: ["Content-Disposition", "Retry-After"],
    maxAge: 600,
  });
  return async (c, next) => {
    const preflight = await answer(c, next);
    const asksPrivate = c.req.header("access-control-request-private-network") === "true";
    if (preflight && asksPrivate && preflight.headers.has("Access-Control-Allow-Origin")) {
      preflight.headers.set("Access-Control-Allow-Private-Network", "true");
    }
    return preflight;
  };
}

/** The one body type each write may carry: multipart for firmware chunks, JSON everywhere else. */
export function bodyTypeFor(path: string): string {
  return path === API.firmwareUpdate ? "multipart/form-data" : "application/json";
}

/**
 * A write that carries a body is acted on only when the body is of its type (415 otherwise): a cross-site page can
 * send text/plain without a preflight, never JSON or a chosen multipart body. Body-less writes pass.
 */
export function bodyTypeGuard(): MiddlewareHandler<DeviceEnv> {
  return async (c, next) => {
    const length = c.req.header("content-length");
    const hasBody =
      (length !== undefined && length.trim() !== "0") || c.req.header("transfer-encoding") !== undefined;
    if (WRITES.has(c.req.method) && hasBody) {
      const expected = bodyTypeFor(c.req.path);
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (type !== expected) {
        const sent = type ? `a ${type.slice(0, 60)} body` : "a body without Content-Type";
        return fail(c, 415, `Unsupported body type: ${sent}; this call takes ${expected}`);
      }
    }
    await next();
  };
}
