// Whether http_url points at the unit itself (D14, docs/UPLOAD.md): its own HTTP port or a timing port at one of its
// addresses. A literal address (or `localhost`) is known when the value is set: the set is refused with 400. A name
// is known only once resolved: the post then fails with that cause (the upload reads `failing`).
import { isIP } from "node:net";

/** Where the unit answers: the address it listens on, its configured static_ip, its interfaces', and its ports. */
export interface SelfAddresses {
  listenHost: string;
  staticIp: string;
  /** Every address of the machine's interfaces (loopback included): reached when listening on a wildcard. */
  interfaces: readonly string[];
  ports: readonly number[];
}

/** A host as a comparable address: no brackets, lower case, an IPv4-mapped IPv6 address as IPv4. */
export function plainHost(host: string): string {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  if (mapped?.[1]) return mapped[1];
  // The URL parser writes a mapped address in hex (::ffff:7f00:1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (hex) {
    const [hi, lo] = [Number.parseInt(hex[1] ?? "0", 16), Number.parseInt(hex[2] ?? "0", 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return h.replace(/\.$/, "");
}

const isWildcard = (h: string) => h === "0.0.0.0" || h === "::";
const isLoopback = (h: string) => /^127\./.test(h) || h === "::1";
const isLocalName = (h: string) => h === "localhost" || h.endsWith(".localhost");

/** True when `host:port` lands on the unit (a literal address, `localhost`, or an address a name resolved to). */
export function pointsAtSelf(host: string, port: number, self: SelfAddresses): boolean {
  if (!self.ports.includes(port)) return false;
  const h = plainHost(host);
  const listen = plainHost(self.listenHost);
  if (h === listen || (self.staticIp && h === plainHost(self.staticIp))) return true;
  // This machine's own addresses reach a unit listening on a wildcard; loopback ones also one on loopback.
  const local = isWildcard(h) || isLocalName(h) || isLoopback(h);
  if (isWildcard(listen)) return local || self.interfaces.map(plainHost).includes(h);
  return isLoopback(listen) && (isWildcard(h) || isLocalName(h));
}

/** The port a URL reaches (its own, else the scheme's). */
export function urlPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

/** True when the URL's host is known without resolving a name: an IP address or `localhost`. */
export function isLiteralHost(host: string): boolean {
  const h = plainHost(host);
  return isIP(h) !== 0 || isLocalName(h);
}
