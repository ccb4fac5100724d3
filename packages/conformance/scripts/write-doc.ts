// Writes a document the protocol generates into docs/ when it changed (npm run openapi, npm run asyncapi).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

/** Writes docs/NAME with `text` unless it already holds it; says which. */
export async function writeGenerated(name: string, text: string): Promise<void> {
  const file = fileURLToPath(new URL(`../../../docs/${name}`, import.meta.url));
  const current = await readFile(file, "utf8").catch(() => "");
  if (current === text) {
    process.stdout.write(`${file} is up to date\n`);
  } else {
    await writeFile(file, text);
    process.stdout.write(`${file} written (${text.length} bytes)\n`);
  }
}
