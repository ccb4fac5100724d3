// UHF Antennas card (SPEC §2, §3; D13): the card and its dataset (uhf/ports, asked for in the dashboard's first
// render), its body in the chunk that follows the first route (UhfBody.tsx: a tile per antenna with its controls,
// uhf/config, the transmitter; an older unit's grid). The dashboard's first route stays small (docs/BUNDLE.md).
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { telemetryKey } from "../shared/readings/telemetryQueries.ts";
import { useApiBase } from "../shared/unit/deviceSettings.ts";
import { Card } from "./Card.tsx";
import { useDataset } from "./useDataset.ts";
import "./uhfCard.css";

const UhfBody = lazy(() => import("./UhfBody.tsx"));

export function UhfCard() {
  const base = useApiBase();
  const client = useQueryClient();
  const ports = useDataset("uhf/ports");
  // The card's refresh button reads uhf/config again with the ports.
  const card = {
    ...ports,
    refresh() {
      ports.refresh();
      void client.refetchQueries({ queryKey: telemetryKey(base, "uhf/config") });
    },
  };
  const channels = ports.data?.channels;
  return (
    <Card title="UHF Antennas" testId="card-uhf" datasets={[card]}>
      {channels && (
        <Suspense fallback={null}>
          <UhfBody base={base} channels={channels} />
        </Suspense>
      )}
    </Card>
  );
}
