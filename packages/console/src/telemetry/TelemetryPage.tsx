// The telemetry dashboard (SPEC §2): nine cards in order, UHF Antennas only on a unit known to be uhf.
import { useDeviceMode } from "../shared/unit.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

export default function TelemetryPage() {
  // The mode comes with the unit's identity: unknown (just switched, not answered yet) shows no UHF card either.
  const mode = useDeviceMode();
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
