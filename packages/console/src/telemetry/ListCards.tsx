// Temps, Interfaces and Passings cards (SPEC §2, §3), with history sparklines on temps and passings.

import { keyed, MISSING, num } from "../shared/readings/telemetryFormat.ts";
import { BacklogSummary } from "../ui/BacklogSummary.tsx";
import { NoReadsInput } from "../ui/NoReadsInput.tsx";
import { Sparkline } from "../ui/Sparkline.tsx";
import { Card } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";

export function TempsCard() {
  const ds = useDataset("hw/temp");
  const temps = ds.data?.temps;
  return (
    <Card title="Temps" testId="card-temps" datasets={[ds]}>
      {temps && (
        <ul className="tiles">
          {keyed(temps, (s) => s?.name).map(([key, s]) => (
            <li key={key} className="tile" data-testid="temp-tile">
              <span className="tile-name">{s?.name ?? MISSING}</span>
              <strong>{num(s?.temp, 1)} °C</strong>
              {s?.name && <Sparkline series={`temp:${s.name}`} label={`${s.name} temperature history`} />}
            </li>
          ))}
          {!temps.length && <li className="muted">No sensors</li>}
        </ul>
      )}
    </Card>
  );
}

export function InterfacesCard() {
  const ds = useDataset("networking/interfaces");
  const list = ds.data?.interfaces;
  return (
    <Card title="Interfaces" testId="card-interfaces" datasets={[ds]}>
      {list && (
        <ul className="tiles">
          {keyed(list, (n) => n?.name).map(([key, n]) => (
            <li key={key} className="tile" data-testid="interface-tile">
              <span className="tile-name">
                <span
                  className={`marker marker-${n?.isConnected ? "green" : "red"}`}
                  data-connected={String(!!n?.isConnected)}
                  aria-hidden="true"
                />
                {n?.name ?? MISSING}
              </span>
              <span>{n?.isConnected ? "Connected" : "Disconnected"}</span>
              {n?.isPrimary && <span className="badge">is primary</span>}
            </li>
          ))}
          {!list.length && <li className="muted">No interfaces</li>}
        </ul>
      )}
    </Card>
  );
}

const COUNTERS = [
  ["seen", "Seen"],
  ["filtered", "Filtered"],
  ["unique", "Unique"],
  ["sent", "Sent"],
  ["left", "Left"],
  ["delta", "Delta"],
] as const;

export function PassingsCard() {
  const ds = useDataset("passings");
  const d = ds.data;
  return (
    <Card title="Passings" testId="card-passings" datasets={[ds]}>
      {d && (
        <>
          <dl className="counters">
            {COUNTERS.map(([key, label]) => (
              <div key={key} className="counter" data-testid={`passings-${key}`}>
                <dt>{label}</dt>
                <dd>{num(d[key])}</dd>
              </div>
            ))}
          </dl>
          <Sparkline series="passings:seen" label="Seen history" />
          <BacklogSummary />
        </>
      )}
      <NoReadsInput />
    </Card>
  );
}
