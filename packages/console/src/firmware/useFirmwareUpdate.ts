// Drives the stage machine: reads and checks the file, loads it in chunks (background traffic paused), watches the reboot.
import { useQueryClient } from "@tanstack/react-query";
import { MIN_IMAGE_SIZE } from "@trc/protocol";
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from "react";
import { gateOf } from "../api/client.ts";
import { currentUnit } from "../api/connection.ts";
import { errorText } from "../api/errors.ts";
import { watchReboot } from "../api/rebootWatch.ts";
import { datasetQuery } from "../shared/readings/telemetryQueries.ts";
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
  const client = useQueryClient();
  const [state, dispatch] = useReducer(firmwareReducer, INITIAL_STATE);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  /** One controller per running operation (read, load, reboot watch): stopping one never poisons the next. */
  const running = useRef(new Set<AbortController>());
  /** A double click must not start two loads before the stage changes on screen. */
  const loading = useRef(false);

  const start = useCallback(() => {
    const ctl = new AbortController();
    running.current.add(ctl);
    return { signal: ctl.signal, done: () => running.current.delete(ctl) };
  }, []);
  const abort = useCallback(() => {
    for (const ctl of running.current) ctl.abort(new Error("Left the firmware page"));
    running.current.clear();
  }, []);
  useEffect(() => abort, [abort]);

  const choose = useCallback(
    async (file: File) => {
      const refusal = fileNameRefusal(file.name);
      if (refusal) return dispatch({ type: "refuse", reason: refusal });
      dispatch({ type: "choose", fileName: file.name });
      const { signal, done } = start();
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
      } finally {
        done();
      }
    },
    [start],
  );

  const watchUnit = useCallback(async () => {
    const base = currentUnit();
    const { signal, done } = start();
    try {
      const phase = await watchReboot({
        signal,
        onPhase: (p) => dispatch({ type: "rebootPhase", phase: p }),
      });
      if (phase !== "back") return;
      // The firmware card's query, read afresh: the dashboard's Firmware card shows the new version too.
      const firmware = datasetQuery(client, base, "firmware", { background: false, priority: 5 });
      const { data } = await client.fetchQuery({ ...firmware, staleTime: 0 });
      if (signal.aborted) return;
      if (typeof data?.version === "string" && data.version) {
        dispatch({ type: "versionRead", version: data.version });
      } else dispatch({ type: "versionFailed", reason: "the answer has no version" });
    } catch (err) {
      if (!signal.aborted) dispatch({ type: "versionFailed", reason: errorText(err) });
    } finally {
      done();
    }
  }, [start, client]);

  const loadFirmware = useCallback(async () => {
    const { stage, image } = stateRef.current;
    if (stage !== "UPLOADED" || !image || loading.current) return;
    loading.current = true;
    const { signal, done } = start();
    dispatch({ type: "load", at: Date.now() });
    const gate = gateOf();
    gate.pause(GATE_PAUSE_REASON);
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
      // Stopped (the operator chose to leave): said as such, so a page that stays shows why and can retry.
      const reason = signal.aborted ? `Stopped: ${errorText(signal.reason)}` : errorText(err);
      dispatch({ type: "loadFailed", reason, load: null });
    } finally {
      gate.resume(GATE_PAUSE_REASON);
      loading.current = false;
      done();
    }
    // The unit applies the image and reboots by itself once every byte is in (D6): watch it from now on.
    if (loaded) void watchUnit();
  }, [watchUnit, sendChunk, start]);

  const retry = useCallback(() => dispatch({ type: "retry" }), []);
  const finalize = useCallback(() => dispatch({ type: "finalize" }), []);

  return { state, choose, loadFirmware, retry, finalize, abort };
}
