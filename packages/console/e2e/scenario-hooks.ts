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
