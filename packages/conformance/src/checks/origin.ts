// Recommendation (issue 22 §4): a page from a public origin can neither change nor read the unit; writes need JSON.
import { API } from "@trc/protocol";
import { type Check, recommendation, UNKNOWN_COMMAND } from "../check.ts";
import { callOf } from "../client.ts";

/** A public origin, as any web site the operator opens on the race laptop. */
export const PUBLIC_ORIGIN = "https://evil.example";
/** A private-network origin other than the kit's: another unit, a laptop running the console. */
export const PRIVATE_ORIGIN = "http://192.168.4.20";

/** No unit knows this command: a unit that does act on the request answers 404 and changes nothing. */
const HARMLESS = JSON.stringify({ cmd: UNKNOWN_COMMAND, args: [] });

const originRule = recommendation("public origins refused", async ({ client }) => {
  const found: string[] = [];
  // What a cross-site no-cors fetch sends: text/plain, no preflight.
  const cross = await client.request("POST", API.commandExecute, {
    headers: { Origin: PUBLIC_ORIGIN, "Content-Type": "text/plain" },
    text: HARMLESS,
  });
  if (cross.status !== 403) {
    found.push(
      `${callOf(cross)} from ${PUBLIC_ORIGIN} answered ${cross.status}, expected 403 (refuse public origins)`,
    );
  }
  const plain = await client.request("POST", API.commandExecute, {
    headers: { Origin: PRIVATE_ORIGIN, "Content-Type": "text/plain" },
    text: HARMLESS,
  });
  if (plain.status !== 415) {
    found.push(
      `${callOf(plain)} with a text/plain body answered ${plain.status}, expected 415 (take JSON only)`,
    );
  }
  const asks = { "Access-Control-Request-Private-Network": "true" };
  const publicPreflight = await client.preflight(API.commandExecute, "POST", "content-type", {
    Origin: PUBLIC_ORIGIN,
    ...asks,
  });
  const granted = publicPreflight.headers.get("access-control-allow-origin");
  if (granted === "*" || granted === PUBLIC_ORIGIN) {
    found.push(
      `OPTIONS ${API.commandExecute} from ${PUBLIC_ORIGIN} was granted (Access-Control-Allow-Origin: ${granted})`,
    );
  }
  if (publicPreflight.headers.get("access-control-allow-private-network")) {
    found.push(`OPTIONS ${API.commandExecute} from ${PUBLIC_ORIGIN} was granted the private network`);
  }
  const read = await client.request("GET", API.configGet, { headers: { Origin: PUBLIC_ORIGIN } });
  const readGrant = read.headers.get("access-control-allow-origin");
  if (readGrant === "*" || readGrant === PUBLIC_ORIGIN) {
    found.push(
      `${callOf(read)} from ${PUBLIC_ORIGIN} is readable there (Access-Control-Allow-Origin: ${readGrant})`,
    );
  }
  const privatePreflight = await client.preflight(API.commandExecute, "POST", "content-type", {
    Origin: PRIVATE_ORIGIN,
    ...asks,
  });
  if (privatePreflight.headers.get("access-control-allow-private-network") !== "true") {
    found.push(
      `OPTIONS ${API.commandExecute} from ${PRIVATE_ORIGIN} asking for the private network: no Access-Control-Allow-Private-Network: true`,
    );
  }
  return found;
});

export const ORIGIN_CHECKS: readonly Check[] = [originRule];
