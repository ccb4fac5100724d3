// npm run asyncapi: writes docs/asyncapi.json (the unit's MQTT topics, D11) from @trc/protocol (a test fails when stale).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { asyncApiJson } from "@trc/protocol";

const FILE = fileURLToPath(new URL("../../../docs/asyncapi.json", import.meta.url));

const text = asyncApiJson();
const current = await readFile(FILE, "utf8").catch(() => "");
if (current === text) {
  process.stdout.write(`${FILE} is up to date\n`);
} else {
  await writeFile(FILE, text);
  process.stdout.write(`${FILE} written (${text.length} bytes)\n`);
}
