// UHF Antennas card (SPEC §2, §3): a grid of channels (id shown +1) with a verdict from the return loss.

import { channelVerdict, num, verdictColour } from "../shared/readings/telemetryFormat.ts";
import { Badge } from "./Badge.tsx";
import { Card } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";

export function UhfCard() {
  const ds = useDataset("uhf/ports");
  const channels = ds.data?.channels;
  return (
    <Card title="UHF Antennas" testId="card-uhf" datasets={[ds]}>
      {channels && (
        <div className="channels">
          {channels.map((c, i) => {
            const verdict = channelVerdict(c?.ant, c?.loss);
            return (
              <div key={channelKey(channels, i)} className="channel" data-testid="uhf-channel">
                <strong>Ch {typeof c?.id === "number" ? c.id + 1 : "?"}</strong>
                <span>{c?.ant ? "Antenna" : "No antenna"}</span>
                <span>Reads {num(c?.reads)}</span>
                <span>Loss {num(c?.loss, 1)} dB</span>
                <span>Power {num(c?.pwr, 1)} dB</span>
                <Badge colour={verdictColour(verdict)}>{verdict}</Badge>
              </div>
            );
          })}
          {!channels.length && <p className="muted">No channels</p>}
        </div>
      )}
    </Card>
  );
}

/** A key unique in the list even when a unit repeats a channel id (or sends none): the id, then its occurrence. */
function channelKey(channels: readonly ({ id?: unknown } | undefined)[], i: number): string {
  const id = String(channels[i]?.id ?? "?");
  const before = channels.slice(0, i).filter((c) => String(c?.id ?? "?") === id).length;
  return `${id}#${before}`;
}
