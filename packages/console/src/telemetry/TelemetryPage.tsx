// The telemetry dashboard (SPEC §2): the Ready check, then nine cards in order, UHF Antennas only on a uhf unit.
import { useDeviceMode } from "../shared/unit.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { ReadyPanel } from "./ReadyPanel.tsx";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

export default function TelemetryPage() {
  // The mode comes with the unit's identity: unknown (just switched, not answered yet) shows no UHF card either.
  const mode = useDeviceMode();
  return (
    <>
      <h1>Telemetry</h1>
      {/* The Ready check (issue 20 §4) above the cards, which keep the spec's order. */}
      <ReadyPanel />
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
