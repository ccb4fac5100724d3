// What the firmware page's live region says: each stage change, and the load's progress in steps of 10 %.
import type { FirmwareState } from "./stages.ts";

/** The sentence for a screen reader; failures are left to their own alert, so they are not said twice. */
export function firmwareAnnouncement(state: FirmwareState): string {
  switch (state.stage) {
    case "UPLOADING":
      return "Firmware update: reading the image";
    case "UPLOADED":
      return "Firmware update: image checked, ready to load";
    case "DOWNLOADING": {
      const load = state.load;
      const tens = load?.total ? Math.floor((load.sent / load.total) * 10) * 10 : 0;
      return `Firmware update: loading, ${tens} %`;
    }
    case "DOWNLOADED":
      return "Firmware update: loaded, ready to finalize";
    case "FINISHED":
      return "Firmware update: finalized, the unit reboots";
    default:
      return "";
  }
}
