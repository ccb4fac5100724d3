// Reads a chosen file into memory with progress events (FileReader), for the UPLOADING stage.
import { readFraction } from "./image.ts";

/** Reads `file`; aborting `signal` stops the read. The abort listener goes once the read settles (no leak per read). */
export function readWithProgress(
  file: Blob,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    const stop = () => reader.abort();
    const settle = () => signal?.removeEventListener("abort", stop);
    reader.onprogress = (e) => onFraction(readFraction(e.loaded, e.lengthComputable ? e.total : null));
    reader.onload = () => {
      settle();
      resolve(new Uint8Array(reader.result as ArrayBuffer));
    };
    reader.onerror = () => {
      settle();
      reject(reader.error ?? new Error("The file could not be read"));
    };
    reader.onabort = () => {
      settle();
      reject(signal?.reason ?? new Error("Reading stopped"));
    };
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", stop, { once: true });
    reader.readAsArrayBuffer(file);
  });
}
