// The firmware stage machine: every stage against every event, so each transition of SPEC §4 and nothing else.
import { FIRMWARE_STAGES, makeTestImage } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import {
  emptyLoad,
  type FirmwareEvent,
  type FirmwareState,
  firmwareReducer,
  INITIAL_STATE,
  type LocalImage,
  outOfBoundsText,
} from "./stages.ts";

const image: LocalImage = {
  name: "fw.bin",
  size: 5000,
  bytes: makeTestImage({ size: 5000, version: "2.0.0" }),
  sha256: "ab".repeat(32),
  info: { secureVersion: 0, version: "2.0.0", projectName: "p", time: "", date: "", idfVersion: "" },
};
const load = { ...emptyLoad(5000, 10), sent: 4096, now: 20 };

const EVENTS: Record<FirmwareEvent["type"], FirmwareEvent> = {
  refuse: { type: "refuse", reason: "Only .bin files" },
  choose: { type: "choose", fileName: "fw.bin" },
  readProgress: { type: "readProgress", fraction: 0.5 },
  readDone: { type: "readDone", image },
  readFailed: { type: "readFailed", reason: "NotReadableError" },
  retry: { type: "retry" },
  load: { type: "load", at: 10 },
  loadProgress: { type: "loadProgress", load },
  loaded: { type: "loaded", load },
  loadFailed: { type: "loadFailed", reason: "20 failures", load },
  finalize: { type: "finalize" },
  rebootPhase: { type: "rebootPhase", phase: "back" },
  versionRead: { type: "versionRead", version: "2.0.0" },
  versionFailed: { type: "versionFailed", reason: "HTTP 500" },
};

/** The stage each event leads to from each stage; events not listed change nothing at all. */
const TRANSITIONS: Record<string, Partial<Record<FirmwareEvent["type"], string>>> = {
  START: { choose: "UPLOADING", refuse: "START" },
  UPLOADING: { readProgress: "UPLOADING", readDone: "UPLOADED", readFailed: "UPLOADING_FAILED" },
  UPLOADING_FAILED: { retry: "START" },
  UPLOADED: { load: "DOWNLOADING" },
  DOWNLOADING: { loadProgress: "DOWNLOADING", loaded: "DOWNLOADED", loadFailed: "DOWNLOADING_FAILED" },
  DOWNLOADING_FAILED: { retry: "START" },
  DOWNLOADED: {
    finalize: "FINISHED",
    rebootPhase: "DOWNLOADED",
    versionRead: "DOWNLOADED",
    versionFailed: "DOWNLOADED",
  },
  FINISHED: { rebootPhase: "FINISHED", versionRead: "FINISHED", versionFailed: "FINISHED" },
  BOGUS: {},
};

function stateIn(stage: string): FirmwareState {
  const withImage = ["UPLOADED", "DOWNLOADING", "DOWNLOADING_FAILED", "DOWNLOADED", "FINISHED"].includes(
    stage,
  );
  return { ...INITIAL_STATE, stage, fileName: "fw.bin", image: withImage ? image : null };
}

describe("firmwareReducer", () => {
  it("covers every stage of SPEC §4", () => {
    expect(Object.keys(TRANSITIONS).filter((s) => s !== "BOGUS")).toEqual([...FIRMWARE_STAGES]);
  });

  for (const [stage, allowed] of Object.entries(TRANSITIONS)) {
    for (const [type, event] of Object.entries(EVENTS)) {
      const next = allowed[type as FirmwareEvent["type"]];
      it(`${stage} + ${type} → ${next ?? "unchanged"}`, () => {
        const before = stateIn(stage);
        const after = firmwareReducer(before, event);
        if (next === undefined) expect(after).toBe(before);
        else expect(after.stage).toBe(next);
      });
    }
  }
});

describe("what each transition carries", () => {
  it("choosing a file starts the read and forgets an earlier refusal", () => {
    const refused = firmwareReducer(INITIAL_STATE, EVENTS.refuse);
    expect(refused.error).toBe("Only .bin files");
    expect(firmwareReducer(refused, EVENTS.choose)).toMatchObject({
      fileName: "fw.bin",
      error: null,
      readFraction: 0,
    });
  });

  it("read progress only grows and stays within 0..1", () => {
    let s = stateIn("UPLOADING");
    s = firmwareReducer(s, { type: "readProgress", fraction: 0.6 });
    s = firmwareReducer(s, { type: "readProgress", fraction: 0.4 });
    expect(s.readFraction).toBe(0.6);
    expect(firmwareReducer(s, { type: "readProgress", fraction: 7 }).readFraction).toBe(1);
  });

  it("a successful read keeps the image; a failed one keeps the reason", () => {
    expect(firmwareReducer(stateIn("UPLOADING"), EVENTS.readDone).image).toBe(image);
    expect(firmwareReducer(stateIn("UPLOADING"), EVENTS.readFailed).error).toBe("NotReadableError");
  });

  it("Load Firmware starts an empty load of the image's size", () => {
    expect(firmwareReducer(stateIn("UPLOADED"), EVENTS.load).load).toEqual(emptyLoad(5000, 10));
  });

  it("Load Firmware does nothing without an image", () => {
    const s = { ...stateIn("UPLOADED"), image: null };
    expect(firmwareReducer(s, EVENTS.load)).toBe(s);
  });

  it("a failed load keeps the reason and the last progress", () => {
    const s = firmwareReducer(stateIn("DOWNLOADING"), EVENTS.loadFailed);
    expect(s).toMatchObject({ error: "20 failures", load });
  });

  it.each(["UPLOADING_FAILED", "DOWNLOADING_FAILED"])("Retry from %s resets everything", (stage) => {
    expect(firmwareReducer({ ...stateIn(stage), error: "x", load }, EVENTS.retry)).toEqual(INITIAL_STATE);
  });

  it("records the reboot phase and the version the unit reports", () => {
    let s = firmwareReducer(stateIn("DOWNLOADED"), { type: "rebootPhase", phase: "waiting-up" });
    s = firmwareReducer(s, EVENTS.finalize);
    s = firmwareReducer(s, EVENTS.versionFailed);
    s = firmwareReducer(s, EVENTS.versionRead);
    expect(s).toMatchObject({
      stage: "FINISHED",
      reboot: "waiting-up",
      reportedVersion: "2.0.0",
      versionError: null,
    });
  });
});

describe("outOfBoundsText", () => {
  it("names the unknown stage after the spec's text", () => {
    expect(outOfBoundsText("BOGUS")).toBe("State Out of bounts! BOGUS");
  });
});
