// Reads a chosen file into memory with progress events (FileReader), for the UPLOADING stage.
import { readFraction } from "./image.ts";

export function readWithProgress(
  file: Blob,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => onFraction(readFraction(e.loaded, e.lengthComputable ? e.total : null));
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.onabort = () => reject(signal?.reason ?? new Error("Reading stopped"));
    signal?.addEventListener("abort", () => reader.abort(), { once: true });
    reader.readAsArrayBuffer(file);
  });
}
