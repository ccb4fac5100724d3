// One antenna's tile on the UHF Antennas card (D13): its state in words, reads per minute, median RSSI and hits per
// passing in a quality band, return loss and power, "Identifying" while Identify antennas points at it; its controls
// below (`children`).
import type { ReactNode } from "react";
import type { Counts, PortReading } from "../shared/antennas/antennaHealth.ts";
import { tileView } from "./antennaTile.ts";
import { Badge } from "./Badge.tsx";

export function AntennaTile({
  channel,
  series,
  children,
}: {
  channel: PortReading | undefined;
  /** The record's `reads:<id>`: the reads per minute. */
  series: Counts | undefined;
  children?: ReactNode;
}) {
  const v = tileView(channel, series);
  return (
    <li className="channel antenna-tile" data-testid="uhf-channel" data-state={v.state}>
      <div className="antenna-head">
        <h3>{v.name}</h3>
        <Badge colour={v.stateColour} testId="antenna-state">
          {v.stateWords}
        </Badge>
        {v.identifying && (
          <Badge colour="yellow" testId="antenna-identifying">
            Identifying
          </Badge>
        )}
      </div>
      <span data-testid="antenna-reads">{v.reads}</span>
      <span data-testid="antenna-signal">{v.signal}</span>
      <span className="antenna-quality" data-testid="antenna-quality" data-colour={v.qualityColour}>
        {v.quality.text}
      </span>
      <span data-testid="antenna-loss">{v.loss}</span>
      <span data-testid="antenna-power">{v.power}</span>
      {children}
    </li>
  );
}
