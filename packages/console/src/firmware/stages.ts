// The firmware stage machine of SPEC §4 as a pure reducer: exactly its transitions, nothing else.
import type { AppImageInfo, FirmwareChunkResponse, FirmwareStage } from "@trc/protocol";
import type { RebootPhase } from "../api/rebootWatch.ts";

/** The image the operator chose, read and checked locally (D6). */
export interface LocalImage {
  name: string;
  size: number;
  bytes: Uint8Array;
  sha256: string;
  info: AppImageInfo;
}

/** Where the chunked load stands. */
export interface LoadProgress {
  /** Bytes the unit has acknowledged. */
  sent: number;
  total: number;
  startedAt: number;
  now: number;
  /** Failed answers in a row (reset by a success). */
  failuresInRow: number;
  /** Failed answers over the whole load. */
  failuresTotal: number;
  lastFailure: string | null;
  /** The unit's last successful answer. */
  device: Partial<FirmwareChunkResponse> | null;
}

export interface FirmwareState {
  /** A stage of SPEC §4; anything else is shown as out of bounds. */
  stage: FirmwareStage | (string & {});
  fileName: string | null;
  /** Local read progress, 0..1. */
  readFraction: number;
  image: LocalImage | null;
  /** Why a file was refused or a read or load failed. */
  error: string | null;
  load: LoadProgress | null;
  reboot: RebootPhase | null;
  /** The version the unit reports after coming back. */
  reportedVersion: string | null;
  versionError: string | null;
}

export type FirmwareEvent =
  | { type: "refuse"; reason: string }
  | { type: "choose"; fileName: string }
  | { type: "readProgress"; fraction: number }
  | { type: "readDone"; image: LocalImage }
  | { type: "readFailed"; reason: string }
  | { type: "retry" }
  | { type: "load"; at: number }
  | { type: "loadProgress"; load: LoadProgress }
  | { type: "loaded"; load: LoadProgress }
  | { type: "loadFailed"; reason: string; load: LoadProgress | null }
  | { type: "finalize" }
  | { type: "rebootPhase"; phase: RebootPhase }
  | { type: "versionRead"; version: string }
  | { type: "versionFailed"; reason: string };

export const INITIAL_STATE: FirmwareState = {
  stage: "START",
  fileName: null,
  readFraction: 0,
  image: null,
  error: null,
  load: null,
  reboot: null,
  reportedVersion: null,
  versionError: null,
};

/** Applies an event; an event that is not a transition of the current stage changes nothing. */
export function firmwareReducer(state: FirmwareState, event: FirmwareEvent): FirmwareState {
  switch (state.stage) {
    case "START":
      if (event.type === "refuse") return { ...INITIAL_STATE, error: event.reason };
      if (event.type === "choose") {
        return { ...INITIAL_STATE, stage: "UPLOADING", fileName: event.fileName };
      }
      return state;
    case "UPLOADING":
      if (event.type === "readProgress") {
        return { ...state, readFraction: Math.max(state.readFraction, Math.min(1, event.fraction)) };
      }
      if (event.type === "readDone") {
        return { ...state, stage: "UPLOADED", readFraction: 1, image: event.image, error: null };
      }
      if (event.type === "readFailed") return { ...state, stage: "UPLOADING_FAILED", error: event.reason };
      return state;
    case "UPLOADING_FAILED":
    case "DOWNLOADING_FAILED":
      return event.type === "retry" ? INITIAL_STATE : state;
    case "UPLOADED":
      if (event.type === "load" && state.image) {
        const total = state.image.size;
        return { ...state, stage: "DOWNLOADING", load: emptyLoad(total, event.at) };
      }
      return state;
    case "DOWNLOADING":
      if (event.type === "loadProgress") return { ...state, load: event.load };
      if (event.type === "loaded") return { ...state, stage: "DOWNLOADED", load: event.load };
      if (event.type === "loadFailed") {
        return { ...state, stage: "DOWNLOADING_FAILED", error: event.reason, load: event.load ?? state.load };
      }
      return state;
    case "DOWNLOADED":
      if (event.type === "finalize") return { ...state, stage: "FINISHED" };
      return afterLoad(state, event);
    case "FINISHED":
      return afterLoad(state, event);
    default:
      return state;
  }
}

/** Once loaded, the unit applies the image and reboots by itself (D6): its comings and goings are recorded. */
function afterLoad(state: FirmwareState, event: FirmwareEvent): FirmwareState {
  if (event.type === "rebootPhase") return { ...state, reboot: event.phase };
  if (event.type === "versionRead") return { ...state, reportedVersion: event.version, versionError: null };
  if (event.type === "versionFailed") return { ...state, versionError: event.reason };
  return state;
}

export function emptyLoad(total: number, at: number): LoadProgress {
  return {
    sent: 0,
    total,
    startedAt: at,
    now: at,
    failuresInRow: 0,
    failuresTotal: 0,
    lastFailure: null,
    device: null,
  };
}

/** The text shown for a stage the machine does not know (SPEC §8). */
export function outOfBoundsText(stage: string): string {
  return `State Out of bounts! ${stage}`;
}
