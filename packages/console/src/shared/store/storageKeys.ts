// Every key the console writes to browser storage, in one place: the stores persist under these names and the
// Settings page's Local Storage section names each of them (settings/storageKeyMeanings.ts: what each holds).

/** Keys in localStorage (kept across visits), with what each holds. */
export const LOCAL_KEYS = {
  generalSettings: "generalSettings",
  featureFlagOverrides: "featureFlagOverrides",
  fleet: "fleet",
  fleetBrokers: "fleetBrokers",
  fleetProfiles: "fleetProfiles",
  commandHistory: "commandHistory",
  alarmSound: "alarmSound",
  alarmNoReadsMinutes: "alarmNoReadsMinutes",
  readyRaceHours: "readyRaceHours",
  readyTimingNotNeeded: "readyTimingNotNeeded",
  restartPending: "restartPending",
  restartPendingSince: "restartPendingSince",
} as const;

/** Keys in sessionStorage (this tab only): the credentials (DECISIONS D7: never in localStorage). */
export const SESSION_KEYS = {
  auth: "trcAuth",
  brokerPasswords: "trcBrokerAuth",
} as const;

export type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];
