// The real chunk sender: one multipart POST per chunk through the API client, ahead of any other request.
import { API } from "@trc/protocol";
import { send } from "../api/client.ts";
import type { ChunkRequest, SendChunk } from "./uploader.ts";

/** Chunks go before anything else waiting for the device. */
export const CHUNK_PRIORITY = 10;
export const CHUNK_TIMEOUT_MS = 10_000;
export const CHUNK_FILE_NAME = "firmware.bin";

/** The multipart body of SPEC §7 and D6: flSize (first chunk only) and offset, then the chunk itself. */
export function chunkForm(chunk: ChunkRequest): FormData {
  const form = new FormData();
  if (chunk.first) form.append("flSize", String(chunk.fileSize));
  form.append("offset", String(chunk.offset));
  form.append("chunk", new File([chunk.bytes as Uint8Array<ArrayBuffer>], CHUNK_FILE_NAME));
  return form;
}

export const sendChunkToDevice: SendChunk = (chunk, signal) =>
  send(API.firmwareUpdate, {
    method: "POST",
    form: chunkForm(chunk),
    priority: CHUNK_PRIORITY,
    timeoutMs: CHUNK_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
