// Writes a valid ESP32 test image (checksum, appended SHA-256): tsx packages/device/scripts/make-image.ts <out.bin> --size N --version X
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { MAX_IMAGE_SIZE, MIN_IMAGE_SIZE, makeTestImage, nodeSha256Hex, verifyAppImage } from "@trc/protocol";

const USAGE = "usage: make-image <out.bin> --size N --version X [--project NAME] [--seed N]";

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      size: { type: "string", default: "102400" },
      version: { type: "string", default: "2.0.0" },
      project: { type: "string", default: "trc-decoder" },
      seed: { type: "string", default: "1" },
    },
  });
  const out = positionals[0];
  if (!out || positionals.length > 1) throw new Error(USAGE);
  const size = Number(values.size);
  if (!Number.isInteger(size) || size < MIN_IMAGE_SIZE || size > MAX_IMAGE_SIZE) {
    throw new Error(`--size must be a whole number from ${MIN_IMAGE_SIZE} to ${MAX_IMAGE_SIZE}`);
  }
  const image = makeTestImage({
    size,
    version: values.version,
    projectName: values.project,
    seed: Number(values.seed),
  });
  const check = await verifyAppImage(image, nodeSha256Hex);
  if (!check.ok) throw new Error(check.reason);
  await writeFile(out, image);
  process.stdout.write(`${out}: ${image.length} bytes, ${check.info.projectName} ${check.info.version}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
