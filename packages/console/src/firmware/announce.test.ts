// The firmware live region's sentences: one per stage, progress in whole tens, failures left to their alert.
import { describe, expect, it } from "vitest";
import { firmwareAnnouncement } from "./announce.ts";
import { emptyLoad, INITIAL_STATE } from "./stages.ts";

describe("firmwareAnnouncement", () => {
  it("says each stage once and the load in steps of 10 %", () => {
    expect(firmwareAnnouncement(INITIAL_STATE)).toBe("");
    expect(firmwareAnnouncement({ ...INITIAL_STATE, stage: "UPLOADED" })).toBe(
      "Firmware update: image checked, ready to load",
    );
    const load = { ...emptyLoad(1000, 0), sent: 379 };
    expect(firmwareAnnouncement({ ...INITIAL_STATE, stage: "DOWNLOADING", load })).toBe(
      "Firmware update: loading, 30 %",
    );
    expect(firmwareAnnouncement({ ...INITIAL_STATE, stage: "DOWNLOADED", load })).toBe(
      "Firmware update: loaded, ready to finalize",
    );
    expect(firmwareAnnouncement({ ...INITIAL_STATE, stage: "DOWNLOADING_FAILED" })).toBe("");
  });
});
