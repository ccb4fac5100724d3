// The Timing page's reads and writes: the timing dataset (every second), the unit's utc_offset, and each race command.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sendRaceCommand } from "../shared/race/raceCommand.ts";
import { TIMING_PAGE_REFRESH_MS, timingKey, timingQuery } from "../shared/race/timing.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";

/** The timing dataset as this page reads it: its query (data, error, when it was last read). */
export function useTimingPage() {
  return useQuery(timingQuery(useApiBase(), TIMING_PAGE_REFRESH_MS));
}

/** The unit's utc_offset (seconds east of UTC) from time/sources: its local time is the timing port's; 0 until read. */
export function useUnitOffset(): number {
  const base = useApiBase();
  const offset = useQuery(datasetQuery(useQueryClient(), base, "time/sources")).data?.data.utc_offset;
  return typeof offset === "number" && Number.isFinite(offset) ? offset : 0;
}

/** A race command to send: its code and arguments. */
export interface RaceCall {
  cmd: string;
  args?: readonly string[];
}

/**
 * Race commands as one mutation (`mutate({ cmd, args })`): its state is the last one sent (Start and Stop share one,
 * so the page shows what happened last); the dataset is read again once the unit answered.
 */
export function useRaceCommand() {
  const base = useApiBase();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cmd, args = [] }: RaceCall) => sendRaceCommand(base, cmd, args),
    onSettled: () => client.invalidateQueries({ queryKey: timingKey(base) }),
  });
}
