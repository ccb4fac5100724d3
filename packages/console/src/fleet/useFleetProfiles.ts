// The Profile column: each unit's configuration (GET /api/config/get) read only while a profile is chosen (when the
// page opens or a profile is chosen, after an Apply, on Compare again; never at a poll), its differences, the picking.
import { type UseQueryResult, useQueries, useQueryClient } from "@tanstack/react-query";
import { API, ConfigGetResponse } from "@trc/protocol";
import { useCallback, useMemo, useState } from "react";
import { request } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import type { UnitMode } from "../shared/race/timingGuard.ts";
import { MISSING } from "../shared/readings/telemetryFormat.ts";
import type { Profile } from "../shared/settings/profiles/profile.ts";
import {
  diffSummary,
  profileDiff,
  type SettingDifference,
  type UnitValues,
} from "../shared/settings/profiles/profileDiff.ts";
import type { BrokerView } from "./brokerFeed.ts";
import type { FleetRow } from "./model.ts";
import { type FleetReading, fleetKeys, fleetRequest } from "./poll.ts";

/** A unit a profile can be applied to: a polled unit, or a broker unit whose identity gives its address. */
export interface ProfileTarget {
  unit: string;
  name: string;
  /** From the fleet's timing reading: test, timing, null (no race control), undefined (not known). */
  mode: UnitMode;
}

const modeOf = (r: FleetReading | undefined): UnitMode =>
  r?.data.timing === null ? null : r?.data.timing?.mode;

/** The polled units, then the broker units with an address (each address once). */
export function profileTargets(
  polled: readonly FleetRow[],
  readings: Readonly<Record<string, FleetReading>>,
  views: readonly BrokerView[],
): ProfileTarget[] {
  const targets = polled.map((r) => ({ unit: r.address, name: r.name, mode: modeOf(readings[r.address]) }));
  for (const u of views.flatMap((v) => v.units))
    if (u.address && !targets.some((t) => t.unit === u.address))
      targets.push({ unit: u.address, name: u.name || u.id, mode: modeOf(u.reading) });
  return targets;
}

/** The unit a row's Profile cell is of: a polled row's address, a broker row's address (null: none). */
export const profileUnitOf = (row: FleetRow): string | null =>
  row.source === "Polled" ? row.address : row.opens || null;

/** A unit's configuration values, through its request gate like its poll (2 in flight), 5 s timeout. */
export function unitValuesQuery(base: string, enabled = true) {
  return {
    queryKey: fleetKeys.config(base),
    // A value of the wrong type is left out by the lenient parse: read as not reported.
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      ((await request(API.configGet, ConfigGetResponse, fleetRequest(base, signal))).data ??
        {}) as UnitValues,
    enabled,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  };
}

/** One unit's Profile cell: `matches`, `3 differ`, or — (with why) while its values are not read. */
export interface ProfileCell {
  text: string;
  why?: string;
  differences: SettingDifference[] | null;
  values?: UnitValues;
  picked: boolean;
}

type Read = Pick<UseQueryResult<UnitValues>, "data" | "error" | "status">;
const reads = (results: UseQueryResult<UnitValues>[]): Read[] =>
  results.map(({ data, error, status }) => ({ data, error, status }));

function cellOf(profile: Profile, read: Read | undefined, picked: boolean): ProfileCell {
  if (read?.status !== "success" || !read.data)
    return {
      text: MISSING,
      differences: null,
      picked: false,
      ...(read?.error ? { why: errorText(read.error) } : {}),
    };
  const differences = profileDiff(profile, read.data);
  return {
    text: diffSummary(differences),
    differences,
    values: read.data,
    picked: picked && differences.length > 0,
  };
}

/** The cells of `units` against `profile` (none without one), the picked units, and reading them again. */
export function useProfileCompare(listed: readonly string[], profile: Profile | null) {
  const client = useQueryClient();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  // The same units, the same array: the cells are computed again only when something they show changed.
  const key = listed.join("\n");
  const units = useMemo(() => (key ? key.split("\n") : []), [key]);
  const read = useQueries({ queries: units.map((u) => unitValuesQuery(u, !!profile)), combine: reads });
  const cells = useMemo(
    () => new Map(profile ? units.map((u, i) => [u, cellOf(profile, read[i], picked.has(u))] as const) : []),
    [units, read, profile, picked],
  );
  const pick = useCallback(
    (unit: string, on: boolean) =>
      setPicked((p) => {
        const next = new Set(p);
        if (on) next.add(unit);
        else next.delete(unit);
        return next;
      }),
    [],
  );
  /** Reads these units' values again (all by default). */
  const compareAgain = useCallback(
    (only: readonly string[] = units) => {
      for (const u of only) void client.refetchQueries({ queryKey: fleetKeys.config(u) });
    },
    [client, units],
  );
  return { cells, picked, pick, setPicked, compareAgain };
}

export type ProfileCompare = ReturnType<typeof useProfileCompare>;
