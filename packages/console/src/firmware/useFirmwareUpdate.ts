// Drives the stage machine: reads and checks the file, loads it in chunks (background traffic paused), watches the reboot.
import { API, FirmwareTelemetry, MIN_IMAGE_SIZE } from "@trc/protocol";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { deviceGate, request } from "../api/client.ts";
import { errorText } from "../api/errors.ts";
import { watchReboot } from "../api/rebootWatch.ts";
import { sendChunkToDevice } from "./deviceChunk.ts";
import { checkHeader, fileNameRefusal, inspectImage } from "./image.ts";
import { readWithProgress } from "./readFile.ts";
import { type FirmwareState, firmwareReducer, INITIAL_STATE } from "./stages.ts";
import { type SendChunk, uploadImage } from "./uploader.ts";

/** Progress is drawn at most this often (a retry is always shown): less work per chunk on a busy machine. */
export const PROGRESS_EVERY_MS = 100;

/** The reason held on the request gate while chunks flow. */
export const GATE_PAUSE_REASON = "firmware";

export interface FirmwareUpdate {
  state: FirmwareState;
  choose(file: File): Promise<void>;
  loadFirmware(): Promise<void>;
  retry(): void;
  finalize(): void;
  /** Stops whatever is running (leaving the page). */
  abort(): void;
}

/** `sendChunk` is the real device unless a test passes a fake one. */
export function useFirmwareUpdate(sendChunk: SendChunk = sendChunkToDevice): FirmwareUpdate {
  const [state, dispatch] = useReducer(firmwareReducer, INITIAL_STATE);
  const stateRef = useRef(state);
  stateRef.current = state;
  const controller = useRef(new AbortController());
  /** A double click must not start two loads before the stage changes on screen. */
  const loading = useRef(false);

  const abort = useCallback(() => controller.current.abort(new Error("Left the firmware page")), []);
  useEffect(() => {
    if (controller.current.signal.aborted) controller.current = new AbortController();
    return abort;
  }, [abort]);

  const choose = useCallback(async (file: File) => {
    const refusal = fileNameRefusal(file.name);
    if (refusal) return dispatch({ type: "refuse", reason: refusal });
    dispatch({ type: "choose", fileName: file.name });
    const signal = controller.current.signal;
    try {
      const header = new Uint8Array(await file.slice(0, MIN_IMAGE_SIZE).arrayBuffer());
      const headerProblem = checkHeader(header, file.size);
      if (headerProblem) return dispatch({ type: "readFailed", reason: headerProblem });
      const bytes = await readWithProgress(
        file,
        (fraction) => dispatch({ type: "readProgress", fraction }),
        signal,
      );
      const inspection = await inspectImage(file.name, bytes);
      dispatch(
        inspection.ok
          ? { type: "readDone", image: inspection.image }
          : { type: "readFailed", reason: inspection.reason },
      );
    } catch (err) {
      if (!signal.aborted) dispatch({ type: "readFailed", reason: errorText(err) });
    }
  }, []);

  const watchUnit = useCallback(async (signal: AbortSignal) => {
    try {
      const phase = await watchReboot({
        signal,
        onPhase: (p) => dispatch({ type: "rebootPhase", phase: p }),
      });
      if (phase !== "back") return;
      const { data } = await request(API.telemetry("firmware"), FirmwareTelemetry, { signal, priority: 5 });
      if (typeof data?.version === "string" && data.version) {
        dispatch({ type: "versionRead", version: data.version });
      } else dispatch({ type: "versionFailed", reason: "the answer has no version" });
    } catch (err) {
      if (!signal.aborted) dispatch({ type: "versionFailed", reason: errorText(err) });
    }
  }, []);

  const loadFirmware = useCallback(async () => {
    const { stage, image } = stateRef.current;
    if (stage !== "UPLOADED" || !image || loading.current) return;
    loading.current = true;
    const signal = controller.current.signal;
    dispatch({ type: "load", at: Date.now() });
    deviceGate.pause(GATE_PAUSE_REASON);
    let loaded = false;
    let shownAt = 0;
    try {
      const result = await uploadImage({
        image: image.bytes,
        sendChunk,
        signal,
        onProgress: (load) => {
          if (load.failuresInRow === 0 && load.now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = load.now;
          dispatch({ type: "loadProgress", load });
        },
      });
      loaded = result.ok;
      dispatch(
        result.ok
          ? { type: "loaded", load: result.load }
          : { type: "loadFailed", reason: result.reason, load: result.load },
      );
    } catch (err) {
      if (!signal.aborted) dispatch({ type: "loadFailed", reason: errorText(err), load: null });
    } finally {
      deviceGate.resume(GATE_PAUSE_REASON);
      loading.current = false;
    }
    // The unit applies the image and reboots by itself once every byte is in (D6): watch it from now on.
    if (loaded) void watchUnit(signal);
  }, [watchUnit, sendChunk]);

  const retry = useCallback(() => dispatch({ type: "retry" }), []);
  const finalize = useCallback(() => dispatch({ type: "finalize" }), []);

  return { state, choose, loadFirmware, retry, finalize, abort };
}
