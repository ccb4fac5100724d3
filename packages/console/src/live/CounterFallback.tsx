// A unit without the read stream: reads per second per antenna from its counters, polled every 2 s while shown.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../api/errors.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { type CounterSample, counterRates, perSecondText } from "./counterRates.ts";
import { antennaName } from "./liveFormat.ts";

/** How often the counters are read while the fallback is shown. */
export const COUNTER_POLL_MS = 2_000;

type Pair = [CounterSample | null, CounterSample | null];

/**
 * The last two answers of one counter, each stamped with when it was answered: a rate is taken between two answers of
 * the same counter (the two counters answer moments apart; a rate across them would divide one's 2 s of reads by the
 * few ms between the two answers).
 */
function useLastTwo(sample: CounterSample | null): Pair {
  const [pair, setPair] = useState<Pair>([null, null]);
  if (sample && sample.at !== pair[1]?.at) {
    const next: Pair = [pair[1], sample];
    setPair(next);
    return next;
  }
  return pair;
}

const channelsOf = (channels: readonly { id?: unknown; ant?: unknown; reads?: unknown }[] | undefined) =>
  (channels ?? []).flatMap((c) =>
    typeof c?.id === "number" && typeof c.reads === "number"
      ? [{ id: c.id, ant: c.ant === true, reads: c.reads }]
      : [],
  );

export function CounterFallback({ base }: { base: string }) {
  const client = useQueryClient();
  const uhf = useDeviceMode() === "uhf";
  const poll = { refetchInterval: COUNTER_POLL_MS, refetchIntervalInBackground: false };
  const passings = useQuery({ ...datasetQuery(client, base, "passings"), ...poll });
  const ports = useQuery({ ...datasetQuery(client, base, "uhf/ports"), ...poll, enabled: uhf });
  const [seenBefore, seenLast] = useLastTwo(
    passings.dataUpdatedAt
      ? { at: passings.dataUpdatedAt, seen: passings.data?.data.seen, channels: [] }
      : null,
  );
  const [portsBefore, portsLast] = useLastTwo(
    uhf && ports.dataUpdatedAt
      ? { at: ports.dataUpdatedAt, seen: undefined, channels: channelsOf(ports.data?.data.channels) }
      : null,
  );
  const rates = {
    total: seenLast ? counterRates(seenBefore, seenLast).total : null,
    channels: portsLast ? counterRates(portsBefore, portsLast).channels : [],
  };
  const failed = passings.error ?? ports.error;
  return (
    <section className="card counter-rates" aria-labelledby="counter-title">
      <h2 id="counter-title">Reads per second from the counters</h2>
      {failed ? <p role="alert">Counters not read: {errorText(failed)}</p> : null}
      <p data-testid="counter-total">All antennas: {perSecondText(rates.total)}</p>
      {uhf && (
        <table>
          <thead>
            <tr>
              <th scope="col">Antenna</th>
              <th scope="col">Reads per second</th>
            </tr>
          </thead>
          <tbody>
            {rates.channels.map((c) => (
              <tr key={c.id} data-testid="counter-rate">
                <th scope="row">{antennaName(c.id)}</th>
                <td>{c.ant ? perSecondText(c.perSecond) : "No antenna"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
