// Per antenna: reads per second over the last minute as a small chart, the last second's rate and unique tags;
// room for 4 antennas from the start (live.css), so the first reads don't move the page.
import { Sparkline } from "../ui/Sparkline.tsx";
import { antennaName, countText } from "./liveFormat.ts";
import type { ReadLog } from "./readLog.ts";

export function AntennaRates({ log, now }: { log: ReadLog; now: number; version: number }) {
  // Every antenna up to the highest one read, a silent one at 0: a later first read never inserts a row above another.
  const highest = log.antennas().at(-1);
  const antennas = highest === undefined ? [] : Array.from({ length: highest + 1 }, (_, ant) => ant);
  return (
    <section className="card antenna-rates" aria-labelledby="rates-title">
      <h2 id="rates-title">Antennas</h2>
      {antennas.length === 0 ? (
        <p>No reads yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Antenna</th>
              <th scope="col">Reads/s, last minute</th>
              <th scope="col">Last second</th>
              <th scope="col">Unique tags</th>
            </tr>
          </thead>
          <tbody>
            {antennas.map((ant) => {
              const points = log.rates(ant, now);
              const last = points[points.length - 1]?.v ?? 0;
              return (
                <tr key={ant} data-testid="antenna-rate">
                  <th scope="row">{antennaName(ant)}</th>
                  <td>
                    <Sparkline
                      className="live-spark"
                      points={points}
                      label={`${antennaName(ant)}: reads per second over the last minute`}
                    />
                  </td>
                  <td>{countText(last)} reads/s</td>
                  <td>{countText(log.uniqueTags(ant))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
