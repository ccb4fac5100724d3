// The telemetry dashboard (SPEC §2): the Ready check, then nine cards in order, UHF Antennas only on a uhf unit.
import { lazy, Suspense } from "react";
import { useDeviceMode } from "../shared/unit/unit.ts";
import { CellularCard } from "./CellularCard.tsx";
import { DeviceTimeCard } from "./DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "./HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "./ListCards.tsx";
import { ReadyFrame } from "./ReadyFrame.tsx";
import { UhfCard } from "./UhfCard.tsx";
import "./telemetry.css";

/** The Ready check's rules and panel: their own chunk, asked for as the page first draws (its frame meanwhile). */
const ReadyPanel = lazy(() => import("./ReadyPanel.tsx"));

export default function TelemetryPage() {
  // The mode comes with the unit's identity: unknown (just switched, not answered yet) shows no UHF card either.
  const mode = useDeviceMode();
  return (
    <>
      <h1>Telemetry</h1>
      {/* The Ready check (issue 20 §4) above the cards, which keep the spec's order: both drawn in the page's first
          render, before any reading (the check's frame until its chunk is in), and filled in place as the answers
          come (no later, larger paint). */}
      <Suspense fallback={<ReadyFrame />}>
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
