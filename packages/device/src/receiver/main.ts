// `npm run receiver`: the D14 receiver from the command line. Options: --port N (default 9090), --host H (127.0.0.1),
// --dir FOLDER (.receiver-data at the repository root), --mode ok|refuse|stall|down. Type a mode and Enter on its
// stdin to switch (`refuse`, `stall`, `down`, `ok`), `stats` for its counts. Ctrl+C stops it.
import { isAbsolute, resolve } from "node:path";
import { createInterface } from "node:readline";
import { REPO_ROOT } from "../options.ts";
import { RECEIVER_MODES, type ReceiverMode, startReceiver } from "./receiver.ts";

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

const isMode = (text: string | undefined): text is ReceiverMode =>
  RECEIVER_MODES.includes(text as ReceiverMode);

async function main(args: readonly string[]): Promise<void> {
  const port = Number(option(args, "port") ?? 9090);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error("--port must be 0..65535");
  const mode = option(args, "mode") ?? "ok";
  if (!isMode(mode)) throw new Error(`--mode must be one of ${RECEIVER_MODES.join(", ")}`);
  const dirArg = option(args, "dir") ?? ".receiver-data";
  const dir = isAbsolute(dirArg) ? dirArg : resolve(REPO_ROOT, dirArg);
  const stamp = () => new Date().toISOString().slice(11, 23);
  const receiver = await startReceiver({
    dir,
    port,
    host: option(args, "host") ?? "127.0.0.1",
    mode,
    log: (line) => console.log(`${stamp()} ${line}`),
  });
  console.log(`D14 receiver on ${receiver.url} (any path takes posts), keeping them in ${dir}`);
  console.log(`Point a unit at it: http_url = ${receiver.url}`);
  console.log(`Type ${RECEIVER_MODES.join(", ")} or stats, then Enter.`);
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const word = line.trim().toLowerCase();
    if (isMode(word)) void receiver.setMode(word);
    else if (word === "stats") console.log(JSON.stringify({ mode: receiver.mode(), ...receiver.stats() }));
    else if (word) console.log(`? type ${RECEIVER_MODES.join(", ")} or stats`);
  });
  const stop = () => {
    lines.close();
    void receiver.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`receiver: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
