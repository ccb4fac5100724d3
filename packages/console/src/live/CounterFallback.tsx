// A unit without the read stream: reads per second per antenna from its counters, polled every 2 s while shown.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorText } from "../api/errors.ts";
import { datasetQuery } from "../shared/telemetryQueries.ts";
import { useDeviceMode } from "../shared/unit.ts";
import { type CounterSample, counterRates, perSecondText } from "./counterRates.ts";
import { antennaName } from "./liveFormat.ts";

/** How often the counters are read while the fallback is shown. */
export const COUNTER_POLL_MS = 2_000;

export function CounterFallback({ base }: { base: string }) {
  const client = useQueryClient();
  const uhf = useDeviceMode() === "uhf";
  const poll = { refetchInterval: COUNTER_POLL_MS, refetchIntervalInBackground: false };
  const passings = useQuery({ ...datasetQuery(client, base, "passings"), ...poll });
  const ports = useQuery({ ...datasetQuery(client, base, "uhf/ports"), ...poll, enabled: uhf });
  const [samples, setSamples] = useState<[CounterSample | null, CounterSample | null]>([null, null]);
  const at = Math.max(passings.dataUpdatedAt, uhf ? ports.dataUpdatedAt : 0);
  const seen = passings.data?.data.seen;
  const channels = ports.data?.data.channels;
  // A new answer of either counter: it becomes the latest sample, the one before it the previous.
  useEffect(() => {
    if (!at) return;
    const next: CounterSample = {
      at,
      seen,
      channels: (channels ?? []).flatMap((c) =>
        typeof c?.id === "number" && typeof c.reads === "number"
          ? [{ id: c.id, ant: c.ant === true, reads: c.reads }]
          : [],
      ),
    };
    setSamples(([, last]) => [last, next]);
  }, [at, seen, channels]);
  const [prev, last] = samples;
  const rates = last ? counterRates(prev, last) : null;
  const failed = passings.error ?? ports.error;
  return (
    <section className="card counter-rates" aria-labelledby="counter-title">
      <h2 id="counter-title">Reads per second from the counters</h2>
      {failed ? <p role="alert">Counters not read: {errorText(failed)}</p> : null}
      <p data-testid="counter-total">All antennas: {perSecondText(rates?.total ?? null)}</p>
      {uhf && (
        <table>
          <thead>
            <tr>
              <th scope="col">Antenna</th>
              <th scope="col">Reads per second</th>
            </tr>
          </thead>
          <tbody>
            {(rates?.channels ?? []).map((c) => (
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
