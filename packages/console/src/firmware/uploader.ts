// The chunked firmware load (SPEC §4, §8, §9, D6): paced 4096-byte chunks, retries, 20 failures in a row give up; 409 at once.

import { FIRMWARE, FirmwareChunkResponse } from "@trc/protocol";
import { parseLenient } from "../api/lenient.ts";
import { sleep as sleepMs } from "../api/sleep.ts";
import { emptyLoad, type LoadProgress } from "./stages.ts";

export interface ChunkRequest {
  /** The chunk's byte position in the image. */
  offset: number;
  bytes: Uint8Array;
  /** The whole image's size: sent with the first chunk only. */
  fileSize: number;
  first: boolean;
}

/** An answer of any status; a thrown error means no answer arrived. */
export interface ChunkAnswer {
  status: number;
  body: unknown;
}

export type SendChunk = (chunk: ChunkRequest, signal?: AbortSignal) => Promise<ChunkAnswer>;

export interface UploadOptions {
  image: Uint8Array;
  sendChunk: SendChunk;
  onProgress?: (load: LoadProgress) => void;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  chunkSize?: number;
  delayBeforeChunkMs?: number;
  retryDelayMs?: number;
  failureThreshold?: number;
}

/** What the operator reads when the unit answers 409 to the first chunk: another browser's upload holds it. */
export const ANOTHER_UPLOAD = "Another upload is in progress on this unit";

export type UploadResult =
  | { ok: true; load: LoadProgress }
  | { ok: false; reason: string; load: LoadProgress };

/** A non-200 status, an empty answer or a chunk the unit says it did not take is a failure; null means success. */
export function chunkFailure(answer: ChunkAnswer): string | null {
  if (answer.status !== 200) return `HTTP ${answer.status}`;
  const body = answer.body;
  if (body === null || body === undefined || body === "") return "empty answer";
  if (typeof body !== "object") return "answer is not JSON";
  if (Object.keys(body).length === 0) return "empty answer";
  if ((body as { wasChunkSuccessful?: unknown }).wasChunkSuccessful === false) {
    return "the unit did not take the chunk";
  }
  return null;
}

/**
 * Sends the image chunk by chunk, each after its acknowledged predecessor. Pacing: a chunk goes out no sooner than
 * `delayBeforeChunkMs` after the previous one went out (so the unit never gets more than one chunk per 20 ms);
 * a failed chunk is retried `retryDelayMs` after its failure. Throws only when aborted.
 */
export async function uploadImage(opts: UploadOptions): Promise<UploadResult> {
  const {
    image,
    sendChunk,
    onProgress,
    signal,
    now = () => Date.now(),
    sleep = sleepMs,
    chunkSize = FIRMWARE.chunkSize,
    delayBeforeChunkMs = FIRMWARE.delayBeforeChunkMs,
    retryDelayMs = FIRMWARE.retryDelayMs,
    failureThreshold = FIRMWARE.failureThreshold,
  } = opts;
  let load = emptyLoad(image.length, now());
  let lastStart = Number.NEGATIVE_INFINITY;
  while (load.sent < image.length) {
    signal?.throwIfAborted();
    let wait = delayBeforeChunkMs;
    if (load.failuresInRow > 0) wait = retryDelayMs;
    else if (lastStart > Number.NEGATIVE_INFINITY) wait = lastStart + delayBeforeChunkMs - now();
    if (wait > 0) await sleep(wait, signal);
    const offset = load.sent;
    const bytes = image.subarray(offset, offset + chunkSize);
    lastStart = now();
    let failure: string | null;
    let answer: ChunkAnswer | null = null;
    try {
      answer = await sendChunk({ offset, bytes, fileSize: image.length, first: offset === 0 }, signal);
      failure = chunkFailure(answer);
    } catch (err) {
      if (signal?.aborted) throw err;
      failure = `no answer (${err instanceof Error ? err.message : String(err)})`;
    }
    if (answer?.status === 409 && offset === 0) {
      // Retrying would not help while the other upload runs: the operator tries again later.
      load = { ...load, now: now(), lastFailure: `chunk at byte 0: HTTP 409 (${ANOTHER_UPLOAD})` };
      onProgress?.(load);
      return { ok: false, reason: ANOTHER_UPLOAD, load };
    }
    if (failure === null) {
      load = {
        ...load,
        sent: offset + bytes.length,
        now: now(),
        failuresInRow: 0,
        device: parseLenient(FirmwareChunkResponse, answer?.body).data ?? null,
      };
    } else {
      load = {
        ...load,
        now: now(),
        failuresInRow: load.failuresInRow + 1,
        failuresTotal: load.failuresTotal + 1,
        lastFailure: `chunk at byte ${offset}: ${failure}`,
      };
      if (load.failuresInRow >= failureThreshold) {
        onProgress?.(load);
        return {
          ok: false,
          reason: `${failureThreshold} failures in a row; last: ${load.lastFailure}`,
          load,
        };
      }
    }
    onProgress?.(load);
  }
  return { ok: true, load };
}
