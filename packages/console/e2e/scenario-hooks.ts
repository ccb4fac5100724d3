// Typed calls of the emulated unit's /api/__test/scenario hook (issue 13's alarm scenarios), for the browser tests.

/** Overrides laid over the unit's telemetry (null clears one), and clock moves (ms). */
export interface ScenarioPatch {
  batteryPercent?: number | null;
  storagePercent?: number | null;
  antennaLost?: number[] | null;
  returnLoss?: Record<string, number> | null;
  temps?: Record<string, number> | null;
  cellular?: { power?: string; connection?: string } | null;
  readsStopped?: boolean | null;
  /** The link to the upstream server down (true: Left grows with the reads) or held up (false). */
  serverDown?: boolean | null;
  /** A tag held at a channel, read perSecond times a second (null takes it away). */
  testTag?: { tag: string; ant: number; perSecond: number } | null;
  /**
   * D13, by channel id (zero-based): the state a port is made to be in (not stored; UHF_PORT and UHF_TX are the
   * commands that switch ports and the transmitter off and keep it).
   */
  portStates?: Record<string, "ok" | "noise" | "absent" | "settling" | "off" | "fault"> | null;
  /** D13: ports that read nothing while their antenna is fine (the others go on reading). */
  antennaSilent?: number[] | null;
  /** D13: a port's power, dB (10 to 31.5), in place of its setting: its reads' RSSI follows it, dB for dB. */
  portPower?: Record<string, number> | null;
  /** D13: the GPS fix, pinned (the living GPS: none for 12 s after boot, then 3d). */
  gpsFix?: "none" | "2d" | "3d" | null;
  /** D13: true, a unit without GPS (gnss answers 404, no gps time source). */
  gpsAbsent?: boolean | null;
  /** D13: NTP answers (true) or not (false). */
  ntp?: boolean | null;
  /** D13: how fast the RTC runs while the clock follows it (holding over), ppm; default 2. */
  rtcDriftPpm?: number | null;
  /** Device clock = host clock + this. */
  clockOffsetMs?: number;
  /** Steps the device clock by this. */
  clockJumpMs?: number;
}

export interface ScenarioState {
  scenario: Omit<ScenarioPatch, "clockOffsetMs" | "clockJumpMs">;
  /** The device's own clock offset from the host clock, ms (the truth). */
  clockOffsetMs: number;
}

export interface ScenarioHooks {
  scenario(patch: ScenarioPatch): Promise<ScenarioState>;
  scenarioState(): Promise<ScenarioState>;
  /** Back to the living unit, clock at its start offset. */
  clearScenario(): Promise<void>;
}

export function scenarioHooks(url: string): ScenarioHooks {
  const at = `${url}/api/__test/scenario`;
  const call = async (init?: RequestInit): Promise<ScenarioState> => {
    const res = await fetch(at, init);
    if (!res.ok)
      throw new Error(`${init?.method ?? "GET"} ${at} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as ScenarioState;
  };
  return {
    scenario: (patch) =>
      call({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(patch) }),
    scenarioState: () => call(),
    clearScenario: async () => {
      await call({ method: "DELETE" });
    },
  };
}
