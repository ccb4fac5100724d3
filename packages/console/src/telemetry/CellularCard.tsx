// Cellular card (SPEC §2, §3, §8): power and connection, IMEI/IMSI/ICCID, antenna paths, RSSI dBm and BER %.

import { berPercent, cellularColour, cellularId, MISSING, num } from "../shared/readings/telemetryFormat.ts";
import { AntennaDiagram } from "./AntennaDiagram.tsx";
import { Badge } from "./Badge.tsx";
import { Card, Field } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";

export function CellularCard() {
  const cell = useDataset("cellular");
  const ant = useDataset("cellular/ant");
  const c = cell.data;
  const a = ant.data;
  return (
    <Card title="Cellular" testId="card-cellular" datasets={[cell, ant]}>
      <dl className="tfields">
        {c && (
          <>
            <Field label="Power" testId="cell-power">
              <Badge colour={cellularColour(c.power)}>{c.power ?? MISSING}</Badge>
            </Field>
            <Field label="Connection" testId="cell-connection">
              <Badge colour={cellularColour(c.connection)}>{c.connection ?? MISSING}</Badge>
            </Field>
            <Field label="IMEI" testId="cell-imei">
              <span className="mono">{cellularId("IMEI", c.imei)}</span>
            </Field>
            <Field label="IMSI" testId="cell-imsi">
              <span className="mono">{cellularId("IMSI", c.imsi)}</span>
            </Field>
            <Field label="ICCID" testId="cell-iccid">
              <span className="mono">{cellularId("ICCID", c.iccid)}</span>
            </Field>
          </>
        )}
        {a && (
          <>
            <Field label="RSSI" testId="cell-rssi">
              {num(a.rssi)} dBm
            </Field>
            <Field label="BER" testId="cell-ber">
              {berPercent(a.ber)}
            </Field>
          </>
        )}
      </dl>
      {a && <AntennaDiagram xbar={a.xbar} a_isExt={a.a_isExt} b_isExt={a.b_isExt} />}
    </Card>
  );
}
