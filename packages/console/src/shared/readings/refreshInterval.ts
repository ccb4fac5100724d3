// Auto refresh per dataset (SPEC §4, §9): a random whole number of minutes 0..20 chosen once per page load; 0 = off.
import { TELEMETRY_AUTO_REFRESH_MAX_MINUTES, type TelemetryDataset } from "@trc/protocol";
import { lazyStore } from "../store/lazyStore.ts";

/** A whole number of minutes from 0 to the maximum, inclusive. */
export function randomMinutes(random: () => number = Math.random): number {
  const n = TELEMETRY_AUTO_REFRESH_MAX_MINUTES + 1;
  return Math.min(TELEMETRY_AUTO_REFRESH_MAX_MINUTES, Math.floor(random() * n));
}

/** The card caption: 'Auto: ON' with the interval, or 'Auto: OFF'. */
export function autoCaption(minutes: number): string {
  return minutes > 0 ? `Auto: ON (${minutes} min)` : "Auto: OFF (0 min)";
}

export function intervalMs(minutes: number): number | false {
  return minutes > 0 ? minutes * 60_000 : false;
}

/** The minutes chosen so far, by dataset. */
const useChosen = lazyStore<Partial<Record<TelemetryDataset, number>>>()(() => ({}));

/** The dataset's interval for this page load: picked on first use, then kept until the page reloads. */
export function refreshMinutes(dataset: TelemetryDataset, random: () => number = Math.random): number {
  const chosen = useChosen.getState()[dataset];
  if (chosen !== undefined) return chosen;
  const m = randomMinutes(random);
  useChosen.setState({ [dataset]: m });
  return m;
}
