// The three-step indicator of SPEC §4 (upload, load firmware, reboot), derived from the firmware state.
import type { FirmwareState } from "./stages.ts";

export type StepStatus = "pending" | "active" | "in progress" | "done" | "failed";

export interface Step {
  key: "upload" | "load" | "reboot";
  label: string;
  status: StepStatus;
}

type Statuses = readonly [StepStatus, StepStatus, StepStatus];

const BY_STAGE: Record<string, Statuses> = {
  START: ["active", "pending", "pending"],
  UPLOADING: ["in progress", "pending", "pending"],
  UPLOADING_FAILED: ["failed", "pending", "pending"],
  UPLOADED: ["done", "active", "pending"],
  DOWNLOADING: ["done", "in progress", "pending"],
  DOWNLOADING_FAILED: ["done", "failed", "pending"],
  DOWNLOADED: ["done", "done", "active"],
};

/** The reboot step once finalized: in progress while the unit is away, done when it is back, failed after 2 minutes. */
function rebootStatus(state: FirmwareState): StepStatus {
  if (state.reboot === "back") return "done";
  if (state.reboot === "timeout") return "failed";
  return "in progress";
}

export function stepsFor(state: FirmwareState): Step[] {
  const statuses: Statuses =
    state.stage === "FINISHED"
      ? ["done", "done", rebootStatus(state)]
      : (BY_STAGE[state.stage] ?? ["pending", "pending", "pending"]);
  return [
    { key: "upload", label: "Upload", status: statuses[0] },
    { key: "load", label: "Load firmware", status: statuses[1] },
    { key: "reboot", label: "Reboot", status: statuses[2] },
  ];
}
