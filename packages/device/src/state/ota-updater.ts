// Firmware upload into the inactive OTA slot: one upload at a time, chunk by chunk, verified, then installed.
import { createHash } from "node:crypto";
import { type FileHandle, open, readFile, rename, rm } from "node:fs/promises";
import {
  checkAppImage,
  type FirmwareChunkResponse,
  MAX_IMAGE_SIZE,
  MIN_IMAGE_SIZE,
  UPLOAD_LOCK_MS,
  verifyAppImage,
} from "@trc/protocol";
import { syncDir } from "./atomic-file.ts";
import { type FirmwareStore, partFile, type SlotInfo, slotFile, slotInfo } from "./firmware-store.ts";

export interface ChunkInput {
  chunk: Uint8Array;
  /** Raw form values; undefined when the field is absent. */
  flSize: string | undefined;
  offset: string | undefined;
}

export type ChunkAnswer = FirmwareChunkResponse & { error?: string };
export interface ChunkResult {
  status: 200 | 400 | 409 | 500;
  body: ChunkAnswer;
  /** Set on the chunk that completed and installed an image. */
  installed?: SlotInfo & { slot: number };
}

interface Upload {
  slot: number;
  size: number;
  path: string;
  file: FileHandle | null;
  /** Byte ranges written so far, sorted and merged: [start, end). */
  ranges: [number, number][];
  attempts: number;
  successes: number;
  complete: boolean;
  /** flSize and the SHA-256 of the first chunk: the same first chunk again is a retry, not another image. */
  firstChunk: string;
  /** When the upload's last chunk arrived (ms, the updater's clock). */
  lastChunkAt: number;
}

export interface UpdaterClock {
  lockMs?: number;
  /** The unit's host clock (epoch ms): the lock runs out on it. */
  now: () => number;
}

const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const WHOLE = /^\d{1,12}$/;
const EMPTY_ANSWER: FirmwareChunkResponse = {
  wasChunkSuccessful: false,
  totalBytesReceived: 0,
  expectedFileSize: 0,
  attemptsTotal: 0,
  parsedSuccesses: 0,
};

function covered(ranges: readonly [number, number][]): number {
  return ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
}

function addRange(ranges: [number, number][], start: number, end: number): [number, number][] {
  const all = [...ranges, [start, end] as [number, number]].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of all) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** The declared image size of a valid first chunk (with flSize), or why it is refused. */
function checkFirstChunk(chunk: Uint8Array, raw: string, at: number | undefined): number | string {
  const text = raw.trim();
  if (!WHOLE.test(text)) return `flSize must be a whole number of bytes, got "${raw.slice(0, 20)}"`;
  const size = Number(text);
  if (size > MAX_IMAGE_SIZE) return `flSize ${size} is larger than an OTA slot (${MAX_IMAGE_SIZE} bytes)`;
  if (size < MIN_IMAGE_SIZE)
    return `flSize ${size} is too small for a firmware image (at least ${MIN_IMAGE_SIZE})`;
  if (at !== undefined && at !== 0) return "The first chunk (with flSize) must be at offset 0";
  if (chunk.length > size) return `The chunk (${chunk.length} bytes) is larger than flSize ${size}`;
  if (chunk.length < Math.min(size, MIN_IMAGE_SIZE))
    return `The first chunk must hold at least ${MIN_IMAGE_SIZE} bytes to check the image`;
  const check = checkAppImage(chunk, size);
  return check.ok ? size : check.reason;
}

export class OtaUpdater {
  #upload: Upload | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  readonly #lockMs: number;
  readonly #now: () => number;

  constructor(
    private readonly firmware: FirmwareStore,
    { lockMs = UPLOAD_LOCK_MS, now }: UpdaterClock,
  ) {
    this.#lockMs = lockMs;
    this.#now = now;
  }

  /** Chunks are handled one at a time, in arrival order. */
  receive(input: ChunkInput): Promise<ChunkResult> {
    const run = this.#queue.then(() => this.handle(input));
    this.#queue = run.catch(() => {});
    return run;
  }

  private answer(status: ChunkResult["status"], ok: boolean, error?: string): ChunkResult {
    const u = this.#upload;
    const body: ChunkAnswer = {
      wasChunkSuccessful: ok,
      totalBytesReceived: u ? covered(u.ranges) : 0,
      expectedFileSize: u?.size ?? 0,
      attemptsTotal: u?.attempts ?? 0,
      parsedSuccesses: u?.successes ?? 0,
    };
    if (error !== undefined) body.error = error;
    return { status, body };
  }

  private async handle({ chunk, flSize, offset }: ChunkInput): Promise<ChunkResult> {
    if (offset !== undefined && !WHOLE.test(offset.trim())) {
      if (this.#upload) this.#upload.attempts++;
      return this.answer(400, false, `offset must be a whole number of bytes, got "${offset.slice(0, 20)}"`);
    }
    const at = offset === undefined ? undefined : Number(offset.trim());
    if (flSize !== undefined) return this.begin(chunk, flSize, at);
    const u = this.#upload;
    if (!u)
      return this.answer(400, false, "No firmware upload in progress: the first chunk must carry flSize");
    u.attempts++;
    if (u.complete) {
      const end = (at ?? -1) + chunk.length;
      return at !== undefined && end <= u.size
        ? { ...this.answer(200, true) }
        : this.answer(400, false, "The upload is already complete; the unit is applying it");
    }
    const start = at ?? u.ranges[u.ranges.length - 1]?.[1] ?? 0;
    return this.write(u, chunk, start);
  }

  /** Why another image may not start now (an upload holds the unit), or null. */
  private busy(firstChunk: string): string | null {
    const u = this.#upload;
    if (!u || u.firstChunk === firstChunk) return null;
    if (u.complete) return "Another firmware image was just installed; the unit restarts into it in a moment";
    const idle = this.#now() - u.lastChunkAt;
    if (idle >= this.#lockMs) return null;
    const seconds = Math.ceil((this.#lockMs - idle) / 1000);
    return `Another firmware upload is in progress on this unit (${covered(u.ranges)} of ${u.size} bytes); try again once it has finished, or ${seconds} s after its last chunk if it stopped`;
  }

  /**
   * A first chunk starts a new upload, but only a valid one, and only when no other image's upload holds the unit:
   * a refused first chunk leaves the upload in progress untouched. The same first chunk again starts it over.
   */
  private async begin(chunk: Uint8Array, raw: string, at: number | undefined): Promise<ChunkResult> {
    const size = checkFirstChunk(chunk, raw, at);
    if (typeof size === "string") {
      if (this.#upload) this.#upload.attempts++;
      return this.answer(400, false, size);
    }
    const firstChunk = `${size}:${sha256Hex(chunk)}`;
    const busy = this.busy(firstChunk);
    if (busy) return { status: 409, body: { ...EMPTY_ANSWER, error: busy } };
    if (this.#upload?.complete) return this.answer(200, true);
    await this.discard();
    const slot = this.firmware.inactiveSlot;
    const path = partFile(this.firmware.slotDir, slot);
    await rm(path, { force: true });
    const file = await open(path, "w+", 0o600);
    this.#upload = {
      slot,
      size,
      path,
      file,
      ranges: [],
      attempts: 1,
      successes: 0,
      complete: false,
      firstChunk,
      lastChunkAt: this.#now(),
    };
    return this.write(this.#upload, chunk, 0);
  }

  private async write(u: Upload, chunk: Uint8Array, start: number): Promise<ChunkResult> {
    if (chunk.length === 0) return this.answer(400, false, "The chunk is empty");
    const end = start + chunk.length;
    if (end > u.size) {
      return this.answer(
        400,
        false,
        `The chunk (bytes ${start}..${end}) goes past the declared size ${u.size}`,
      );
    }
    if (!u.file) return this.answer(500, false, "The upload file is closed");
    await u.file.write(chunk, 0, chunk.length, start);
    u.lastChunkAt = this.#now();
    u.ranges = addRange(u.ranges, start, end);
    u.successes++;
    if (covered(u.ranges) < u.size) return this.answer(200, true);
    return this.finish(u);
  }

  /**
   * Every byte is there: verify the whole image as ESP-IDF does (descriptor, segments, checksum, appended SHA-256),
   * move it into the slot atomically, switch the boot partition. A refused image leaves the running firmware.
   */
  private async finish(u: Upload): Promise<ChunkResult> {
    const file = u.file;
    u.file = null;
    if (file) {
      await file.sync();
      await file.close();
    }
    const bytes = new Uint8Array(await readFile(u.path));
    const check = await verifyAppImage(bytes, sha256Hex);
    if (!check.ok || bytes.length !== u.size) {
      const reason = check.ok ? `Received ${bytes.length} bytes, expected ${u.size}` : check.reason;
      const result = this.answer(400, false, `The assembled image was refused: ${reason}`);
      await this.discard();
      return result;
    }
    const info = slotInfo(check.info, bytes);
    await rename(u.path, slotFile(this.firmware.slotDir, u.slot));
    await syncDir(this.firmware.slotDir);
    await this.firmware.install(u.slot, info);
    u.complete = true;
    return { ...this.answer(200, true), installed: { ...info, slot: u.slot } };
  }

  /** Drops an upload in progress (a new first chunk, a reboot or a power cut): the partial file goes. */
  async discard(): Promise<void> {
    const u = this.#upload;
    this.#upload = null;
    if (!u) return;
    await u.file?.close().catch(() => {});
    if (!u.complete) await rm(u.path, { force: true });
  }

  /** A reboot forgets the upload; waits for a chunk being written. */
  async reset(): Promise<void> {
    await this.#queue;
    await this.discard();
  }
}
