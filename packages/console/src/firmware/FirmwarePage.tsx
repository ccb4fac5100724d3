// The firmware page (SPEC §2, §4): step indicator, stage panel, and a question before leaving mid-load.

import { LeaveGuard } from "../ui/LeaveGuard.tsx";
import { firmwareAnnouncement } from "./announce.ts";
import { ImageDetails } from "./ImageDetails.tsx";
import { StagePanel } from "./StagePanel.tsx";
import { StepIndicator } from "./StepIndicator.tsx";
import { stepsFor } from "./steps.ts";
import { useFirmwareUpdate } from "./useFirmwareUpdate.ts";
import "./firmware.css";

export const LEAVE_TITLE = "Leave while the firmware loads?";
export const LEAVE_QUESTION =
  "The firmware is still loading. Leaving now stops the load and the unit keeps its current firmware. Leave anyway?";

export default function FirmwarePage() {
  const { state, abort, ...actions } = useFirmwareUpdate();
  const showImage = state.image && state.stage !== "UPLOADED";
  return (
    <section className="fw-page">
      <h1>Firmware</h1>
      <p className="visually-hidden" role="status" data-testid="firmware-announcement">
        {firmwareAnnouncement(state)}
      </p>
      <StepIndicator steps={stepsFor(state)} />
      <LeaveGuard
        active={state.stage === "DOWNLOADING"}
        title={LEAVE_TITLE}
        detail={LEAVE_QUESTION}
        onLeave={abort}
      />
      <div className="panel fw-stage" data-testid="stage-panel" data-stage={state.stage}>
        <StagePanel state={state} actions={actions} />
      </div>
      {showImage && state.image && (
        <details className="panel fw-image-more">
          <summary>
            Image: {state.image.name}, version {state.image.info.version}
          </summary>
          <ImageDetails image={state.image} />
        </details>
      )}
    </section>
  );
}
