// The telemetry dashboard (SPEC §2): the Ready check, then nine cards in order, UHF Antennas only on a uhf unit.
import { lazy, Suspense } from "react";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

// Off the first route: the cards paint first; the panel's place is held so nothing moves when it arrives.
const ReadyPanel = lazy(() => import("./ReadyPanel.tsx"));

/** The Ready check's place while its chunk downloads. */
function ReadyPending() {
  return (
    <section className="card ready ready-pending" aria-label="Ready check" aria-busy="true">
      <h2>Ready check</h2>
    </section>
  );
}

export default function TelemetryPage() {
  // The mode comes with the unit's identity: unknown (just switched, not answered yet) shows no UHF card either.
  const mode = useDeviceMode();
  return (
    <>
      <h1>Telemetry</h1>
      {/* The Ready check (issue 20 §4) above the cards, which keep the spec's order. */}
      <Suspense fallback={<ReadyPending />}>
        <ReadyPanel />
      </Suspense>
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
