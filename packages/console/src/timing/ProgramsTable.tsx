// The timing programs connected to the unit's ports: port, address, since when, items sent and the last one's age.
import type { TimingProgram } from "@trc/protocol";
import { passingsText } from "../shared/race/timing.ts";
import { useNow } from "../ui/useNow.ts";
import { Panel, Table } from "./TimingParts.tsx";
import { lastSentText, unitTime } from "./timingText.ts";

/** "12 passings" on the filtered port, "1 read" on the raw one. */
const sentText = (p: TimingProgram) =>
  p.port === "raw" ? passingsText(p.sent).replace("passing", "read") : passingsText(p.sent);

export function ProgramsTable({ programs, offset }: { programs: TimingProgram[]; offset: number }) {
  // The page's clock, ticking each second: "last passing sent 3 s ago" moves on between reads.
  const now = useNow(1_000);
  return (
    <Panel title="Programs connected">
      {programs.length ? (
        <Table
          head={["Port", "Address", "Connected since", "Sent", "Last sent"]}
          rows={programs.map((p) => [
            `${p.port} ${p.address} ${p.connectedAt}`,
            p.port,
            p.address,
            unitTime(p.connectedAt, offset),
            sentText(p),
            lastSentText(p.port, p.lastSentAt, now),
          ])}
        />
      ) : (
        <p>No timing program is connected.</p>
      )}
    </Panel>
  );
}
