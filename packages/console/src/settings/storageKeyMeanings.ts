// What the console keeps under each browser storage key (shared/store/storageKeys.ts), as the Settings page's Local Storage
// section says it: with that page, not on the first route.
import type { LocalKey, SessionKey } from "../shared/store/storageKeys.ts";

/** What the console keeps under each localStorage key, as the Settings page says it. */
export const LOCAL_KEY_MEANINGS: Record<LocalKey, string> = {
  generalSettings: "Device settings: the unit's address (rootAPI), its name and mode, the build mode",
  featureFlagOverrides: "Feature flags changed on this page",
  fleet: "The units added on the Fleet page",
  fleetBrokers:
    "The MQTT brokers added on the Fleet page: address and user name (their passwords: session storage only)",
  fleetProfiles:
    "The fleet profiles (named sets of settings' values) and the one the Fleet page compares against",
  commandHistory: "The newest 50 commands sent, without passwords",
  alarmSound: "Whether a new alarm beeps",
  alarmNoReadsMinutes: "Minutes without reads before the No reads alarm (0 = off)",
  readyRaceHours: "The race length for the Ready check's battery item, hours",
  readyTimingNotNeeded:
    "The units whose Ready check needs no timing program (passings collected another way)",
  restartPending: "Settings changed since the unit last restarted (the restart banner)",
  restartPendingSince: "When the first of those was changed",
};

/** What the console keeps under each sessionStorage key, as the Settings page says it. */
export const SESSION_KEY_MEANINGS: Record<SessionKey, string> = {
  trcAuth: "Session storage (this tab only): the tested password, its auth type and level",
  trcBrokerAuth: "Session storage (this tab only): the passwords of the Fleet page's brokers, by address",
};
