// A unit's address in the protocol's one canonical form (`unitAddress`), for the tooling handed one or making one.
import { checkUnitAddress } from "@trc/protocol";

/** `url` in its canonical form, e.g. `HTTP://127.0.0.1:41234/` is `http://127.0.0.1:41234`; not an address: throws why. */
export function canonicalAddress(url: string): string {
  const check = checkUnitAddress(url);
  if (!check.ok) throw new Error(`${check.reason}: "${url}"`);
  return check.address;
}
