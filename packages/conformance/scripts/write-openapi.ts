// npm run openapi: writes docs/openapi.json from @trc/protocol's generator (a test fails when the file is stale).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { openApiJson } from "@trc/protocol";

const FILE = fileURLToPath(new URL("../../../docs/openapi.json", import.meta.url));

const text = openApiJson();
const current = await readFile(FILE, "utf8").catch(() => "");
if (current === text) {
  process.stdout.write(`${FILE} is up to date\n`);
} else {
  await writeFile(FILE, text);
  process.stdout.write(`${FILE} written (${text.length} bytes)\n`);
}
