// The telemetry dashboard (SPEC §2): nine cards in order, UHF Antennas only on a uhf unit.
import type { TelemetryDataset } from "@trc/protocol";
import { queryClient } from "../app/queryClient.ts";
import { useDeviceSettings } from "../shared/deviceSettings.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { useHeartbeat } from "./heartbeat.ts";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { startDatasets } from "./queries.ts";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

/** The datasets of the cards, in card order (uhf/ports only on a uhf unit). */
function pageDatasets(mode: string): TelemetryDataset[] {
  return [
    "battery",
    "firmware",
    "storage",
    "hw/temp",
    "networking/interfaces",
    "time/sources",
    "passings",
    ...(mode === "uhf" ? (["uhf/ports"] as const) : []),
    "cellular",
    "cellular/ant",
  ];
}

startDatasets(queryClient, pageDatasets(useDeviceSettings.getState().deviceMode));

export default function TelemetryPage() {
  const mode = useDeviceSettings((s) => s.deviceMode);
  useHeartbeat();
  return (
    <>
      <h1>Telemetry</h1>
      <div className="cards telemetry">
        <BatteryCard />
        <FirmwareCard />
        <StorageCard />
        <TempsCard />
        <InterfacesCard />
        <DeviceTimeCard />
        <PassingsCard />
        {mode === "uhf" && <UhfCard />}
        <CellularCard />
      </div>
    </>
  );
}
