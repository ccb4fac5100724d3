// @trc/conformance: checks a unit against the device API contract (SPEC, DECISIONS D3-D6) and our recommendations.

export { BROKER_CHECKS, type BrokerKitOptions, runBrokerConformance } from "./broker.ts";
export type { Check, KitOptions } from "./check.ts";
export { testImage } from "./checks/firmware.ts";
export { HOSTILE_NAMES } from "./checks/refusals.ts";
export { type Answer, KIT_ORIGIN, UnitClient } from "./client.ts";
export {
  type CheckKind,
  type CheckResult,
  type CheckStatus,
  formatResult,
  type Report,
  summaryLines,
} from "./report.ts";
export { normaliseUrl, planChecks, type RunHooks, runConformance } from "./run.ts";
