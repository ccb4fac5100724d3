// The telemetry dashboard (SPEC §2): nine cards in order, UHF Antennas only on a uhf unit.
import { useDeviceSettings } from "../shared/deviceSettings.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

export default function TelemetryPage() {
  const mode = useDeviceSettings((s) => s.deviceMode);
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
