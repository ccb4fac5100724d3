// Contract check (--destructive): a whole firmware image in chunks (D6), the reboot, and the new version reported.
import {
  API,
  checkAppImage,
  FIRMWARE,
  FirmwareChunkResponse,
  FirmwareTelemetry,
  makeTestImage,
} from "@trc/protocol";
import { type Check, type Context, contract, jsonProblems, sleep } from "../check.ts";
import { type Answer, callOf, NoAnswer } from "../client.ts";

/** Size of the generated test image: 16 chunks of 4096 bytes. */
export const TEST_IMAGE_SIZE = 64 * 1024;
const CHUNK_ATTEMPTS = 3;
const POLL_MS = 500;

export function testImage(): Uint8Array {
  const version = `conformance-${Date.now().toString(36)}`;
  return makeTestImage({ size: TEST_IMAGE_SIZE, version, projectName: "trc-conformance" });
}

async function sendChunk(ctx: Context, image: Uint8Array, start: number): Promise<Answer> {
  const end = Math.min(start + FIRMWARE.chunkSize, image.length);
  const form = new FormData();
  form.append("chunk", new Blob([new Uint8Array(image.subarray(start, end))]), "chunk.bin");
  if (start === 0) form.append("flSize", String(image.length));
  form.append("offset", String(start));
  return ctx.client.request("POST", API.firmwareUpdate, { form });
}

/** Problems with one chunk's answer: 200, the chunk response shape, and progress that counts this chunk. */
function chunkProblems(a: Answer, end: number, size: number): string[] {
  const found = jsonProblems(a, FirmwareChunkResponse, `chunk ending at ${end}`);
  if (found.length) return found;
  const r = FirmwareChunkResponse.parse(a.json);
  if (!r.wasChunkSuccessful) found.push(`${callOf(a)}: wasChunkSuccessful is false at byte ${end}`);
  if (r.expectedFileSize !== size)
    found.push(`${callOf(a)}: expectedFileSize ${r.expectedFileSize}, sent ${size}`);
  if (r.totalBytesReceived !== end) {
    found.push(`${callOf(a)}: totalBytesReceived ${r.totalBytesReceived} after byte ${end}`);
  }
  return found;
}

async function upload(ctx: Context, image: Uint8Array): Promise<string[]> {
  for (let start = 0; start < image.length; start += FIRMWARE.chunkSize) {
    const end = Math.min(start + FIRMWARE.chunkSize, image.length);
    ctx.progress(`firmware upload: ${end} / ${image.length} bytes`);
    let last: string[] = [];
    for (let attempt = 1; attempt <= CHUNK_ATTEMPTS; attempt++) {
      try {
        last = chunkProblems(await sendChunk(ctx, image, start), end, image.length);
      } catch (err) {
        if (!(err instanceof NoAnswer)) throw err;
        last = [err.message];
      }
      if (!last.length) break;
      await sleep(FIRMWARE.retryDelayMs);
    }
    if (last.length) return [...last, `(chunk at offset ${start}, ${CHUNK_ATTEMPTS} attempts)`];
  }
  return [];
}

async function firmwareNow(ctx: Context): Promise<FirmwareTelemetry | null> {
  try {
    const a = await ctx.client.get(API.telemetry("firmware"));
    const parsed = FirmwareTelemetry.safeParse(a.json);
    return a.status === 200 && parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof NoAnswer) return null;
    throw err;
  }
}

const firmwareUpload = contract("firmware upload", async (ctx) => {
  const image = ctx.options.firmware ?? testImage();
  const check = checkAppImage(image);
  if (!check.ok) return [`the image to upload is refused by the D6 checks: ${check.reason}`];
  const first = await ctx.client.get(API.telemetry("firmware"));
  const shape = jsonProblems(first, FirmwareTelemetry, "firmware");
  if (shape.length) return shape;
  const before = FirmwareTelemetry.parse(first.json);
  const sent = await upload(ctx, image);
  if (sent.length) return sent;
  const version = check.info.version;
  const started = Date.now();
  let now: FirmwareTelemetry | null = null;
  while (Date.now() - started < ctx.options.rebootTimeoutMs) {
    await sleep(POLL_MS);
    const seconds = Math.round((Date.now() - started) / 1000);
    ctx.progress(`firmware upload: waiting for the unit to reboot into ${version} (${seconds} s)`);
    now = await firmwareNow(ctx);
    if (now && now.version === version && now.partition !== before.partition) return [];
  }
  const seen = now ? `${now.version} on partition ${now.partition}` : "no firmware telemetry";
  return [
    `after the last chunk the unit reported ${seen} for ${ctx.options.rebootTimeoutMs / 1000} s; ` +
      `expected ${version} on another partition than ${before.partition} (D6)`,
  ];
});

export const FIRMWARE_CHECKS: readonly Check[] = [firmwareUpload];
