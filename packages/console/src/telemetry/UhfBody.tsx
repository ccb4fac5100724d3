// What the UHF Antennas card shows, in the chunk that loads after the dashboard's first render (with the Ready check):
// a tile per antenna (D13: its state in words, reads per minute, read quality, return loss and power, with Identify,
// Switch off / on and Power), uhf/config's settings and the unit's transmitter. A unit without D13's fields keeps
// SPEC's grid of channels (id shown +1) with the state worked out from what it sends.
import type { FieldIssue } from "@trc/protocol";
import type { Loose } from "../api/lenient.ts";
import { antennaState, type PortReading, STATE_WORDS } from "../shared/antennas/antennaHealth.ts";
import { issuesText } from "../shared/readings/datasetState.ts";
import { channelVerdict, MISSING, num, verdictColour } from "../shared/readings/telemetryFormat.ts";
import type { UnitRecord } from "../shared/unit/record.ts";
import { useUnitRecord } from "../shared/unit/records.ts";
import { AntennaTile } from "./AntennaTile.tsx";
import { channelNumber, hasPortStates, rateText } from "./antennaTile.ts";
import { Badge } from "./Badge.tsx";
import { Field } from "./Card.tsx";
import { PortControls, UnitControls } from "./UhfControls.tsx";
import { useUhfConfig } from "./useUhfConfig.ts";
import "./antennas.css";

type Channel = PortReading | undefined;
type ConfigPort = { id?: number; enabled?: boolean; pwr?: number } | undefined;

const seriesOf = (record: UnitRecord | undefined, c: Channel) =>
  typeof c?.id === "number" ? record?.series[`reads:${c.id}`] : undefined;

export default function UhfBody({ base, channels }: { base: string; channels: readonly Channel[] }) {
  const config = useUhfConfig();
  const record = useUnitRecord(base);
  const settings = config.data?.data;
  const tiles = hasPortStates(channels);
  return (
    <>
      {tiles ? (
        <ul className="antenna-tiles">
          {channels.map((c, i) => {
            const port = settings?.ports?.find((p: ConfigPort) => p?.id === c?.id);
            // On or off: uhf/config's setting, else its state (a unit without uhf/config).
            const enabled = typeof port?.enabled === "boolean" ? port.enabled : antennaState(c) !== "off";
            const power = port?.pwr ?? (typeof c?.pwr === "number" && c.pwr > 0 ? c.pwr : undefined);
            return (
              <AntennaTile key={channelKey(channels, i)} channel={c} series={seriesOf(record, c)}>
                {typeof c?.id === "number" && (
                  <PortControls base={base} id={c.id} enabled={enabled} power={power} />
                )}
              </AntennaTile>
            );
          })}
        </ul>
      ) : (
        <OlderGrid channels={channels} record={record} />
      )}
      {!channels.length && <p className="muted">No channels</p>}
      {settings && <UhfSettings settings={settings} issues={config.data?.issues ?? []} />}
      <UnitControls base={base} transmitter={settings?.transmitter} identify={!tiles} />
    </>
  );
}

/** A unit without D13's fields: SPEC's grid, each channel's state worked out from `ant`, and its reads per minute. */
function OlderGrid({ channels, record }: { channels: readonly Channel[]; record: UnitRecord | undefined }) {
  return (
    <div className="channels">
      {channels.map((c, i) => {
        const verdict = channelVerdict(c?.ant, c?.loss);
        return (
          <div key={channelKey(channels, i)} className="channel" data-testid="uhf-channel">
            <strong>Ch {channelNumber(c)}</strong>
            <span data-testid="antenna-state">{STATE_WORDS[antennaState(c)]}</span>
            <span>Reads {num(c?.reads)}</span>
            <span data-testid="antenna-rate">{rateText(seriesOf(record, c))}</span>
            <span>Loss {num(c?.loss, 1)} dB</span>
            <span>Power {num(c?.pwr, 1)} dB</span>
            <Badge colour={verdictColour(verdict)}>{verdict}</Badge>
          </div>
        );
      })}
    </div>
  );
}

type Settings = Loose<{
  region: string;
  power: string;
  ports: { id: number; enabled: boolean; pwr: number }[];
}>;

/** uhf/config (D13): region, uhf_power, each port on or off and its power. */
function UhfSettings({ settings, issues }: { settings: Settings; issues: readonly FieldIssue[] }) {
  const ports = settings.ports ?? [];
  return (
    <div className="uhf-config" data-testid="uhf-config">
      <dl className="tfields">
        <Field label="Region">{settings.region ?? MISSING}</Field>
        <Field label="Power (uhf_power)">{settings.power ?? MISSING}</Field>
        <Field label="Ports">
          <ul className="uhf-config-ports">
            {ports.map((p, i) => (
              <li key={channelKey(ports, i)} data-testid="uhf-config-port">
                Port {typeof p?.id === "number" ? p.id + 1 : "?"}: {p?.enabled === false ? "Off" : "On"},{" "}
                {num(p?.pwr, 1)} dB
              </li>
            ))}
          </ul>
        </Field>
      </dl>
      {issues.length > 0 && <p className="field-reason">Wrong field in uhf/config: {issuesText(issues)}</p>}
    </div>
  );
}

/** A key unique in the list even when a unit repeats a channel id (or sends none): the id, then its occurrence. */
function channelKey(channels: readonly ({ id?: unknown } | undefined)[], i: number): string {
  const id = String(channels[i]?.id ?? "?");
  const before = channels.slice(0, i).filter((c) => String(c?.id ?? "?") === id).length;
  return `${id}#${before}`;
}
