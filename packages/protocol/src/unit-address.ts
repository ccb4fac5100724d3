// A unit's address in its one canonical form (http(s), lower-case host, no default port, no trailing slash).

/** Why a typed address is refused. */
export const UNIT_ADDRESS_REASONS = {
  empty: "Enter the unit's address, for example http://192.168.4.2",
  scheme: "Use an http:// or https:// address",
  queryOrFragment: "No query or fragment, just the device address",
  credentials: "No user name or password in the address",
  invalid: "Not a valid URL (for example http://192.168.4.1)",
} as const;

export type UnitAddressCheck = { ok: true; address: string } | { ok: false; reason: string };

/** The WHATWG URL class, global in browsers and Node (the package's lib is plain ES, without DOM or Node types). */
declare const URL: new (
  input: string,
) => {
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  pathname: string;
  search: string;
  hash: string;
};

/** A typed scheme (`http://`, `ftp://`...): without one, the address is a bare host and means http://. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Reads a typed or stored address: `HTTP://Decoder.local/` and `decoder.local:80` are both `http://decoder.local`.
 * The WHATWG URL parser lower-cases the scheme and host and drops the scheme's default port (80, 443); a bare host
 * gets `http://`; the path is kept (a unit behind a proxy) without its trailing slashes.
 */
export function checkUnitAddress(text: string): UnitAddressCheck {
  const t = text.trim();
  if (!t) return { ok: false, reason: UNIT_ADDRESS_REASONS.empty };
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(HAS_SCHEME.test(t) ? t : `http://${t}`);
  } catch {
    return { ok: false, reason: UNIT_ADDRESS_REASONS.invalid };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: UNIT_ADDRESS_REASONS.scheme };
  if (!url.hostname) return { ok: false, reason: UNIT_ADDRESS_REASONS.invalid };
  if (url.search || url.hash || t.includes("?") || t.includes("#"))
    return { ok: false, reason: UNIT_ADDRESS_REASONS.queryOrFragment };
  if (url.username || url.password) return { ok: false, reason: UNIT_ADDRESS_REASONS.credentials };
  return { ok: true, address: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}` };
}

/** The canonical form of an address, or null when it is not one (see `checkUnitAddress` for why). */
export function unitAddress(text: string): string | null {
  const check = checkUnitAddress(text);
  return check.ok ? check.address : null;
}

/** Whether two spellings name the same unit (two addresses that are not addresses are never the same). */
export function sameUnit(a: string, b: string): boolean {
  const x = unitAddress(a);
  return x !== null && x === unitAddress(b);
}
