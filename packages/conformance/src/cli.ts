// npm run conformance -- http://ADDRESS [--json FILE] [--destructive [--yes] [--firmware FILE]]: checks a unit, prints the
// report; npm run conformance -- --broker URL --unit ID checks its publications on an MQTT broker (D11).
import { readFile, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { API, nodeSha256Hex, verifyAppImage } from "@trc/protocol";
import { runBrokerConformance } from "./broker.ts";
import { formatResult, type Report, summaryLines } from "./report.ts";
import { normaliseUrl, runConformance } from "./run.ts";

const USAGE = `usage: npm run conformance -- http://ADDRESS [options]
       npm run conformance -- --broker mqtt://HOST:PORT --unit ID [--username NAME] [--reads-wait MS] [--json FILE]

  --json FILE       also write the report as JSON
  --destructive     also run the checks that change the unit: configuration round trip, UHF_TX OFF/ON,
                    a UHF port off and back (UHF_PORT), FS_CLEAR then refreshFSDB, a firmware upload with reboot
                    (asks for a typed confirmation)
  --yes             no confirmation for --destructive
  --firmware FILE   the image --destructive uploads (default: a generated test image, which real hardware cannot run)
  --timeout MS      per request (default 10000)
  --pacing MS       pause between mapping getInfo requests (default 50)
  --stream-wait MS  how long the read stream keep-alive check listens (default 16000; 0 skips it)
  --timing-port N   the unit's filtered timing port (D12; default its configuration's filtered_port)
  --timing-wait MS  how long the timing port check waits for a heartbeat (default 6000)

  --broker URL      check what unit ID (its mqtt_client_id) publishes on this broker (mqtt://, mqtts://, ws://,
                    wss://) against D11, as a subscriber only: retained status online, identity, telemetry, reads
  --unit ID         the unit's client id (with --broker)
  --username NAME   the broker's user name (password: TRC_BROKER_PASSWORD)
  --reads-wait MS   how long --broker listens for reads (default 10000; 0 skips the reads check)

  TRC_CONFORMANCE_PASSWORD   a password sent with --destructive's sets and commands (units that require one)

Exit status: 0 every contract check passed (warnings do not count), 1 a contract check failed, 2 usage.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: "string" },
      destructive: { type: "boolean", default: false },
      yes: { type: "boolean", default: false },
      firmware: { type: "string" },
      timeout: { type: "string", default: "10000" },
      pacing: { type: "string", default: "50" },
      "stream-wait": { type: "string", default: "16000" },
      "timing-port": { type: "string" },
      "timing-wait": { type: "string", default: "6000" },
      broker: { type: "string" },
      unit: { type: "string" },
      username: { type: "string" },
      "reads-wait": { type: "string", default: "10000" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return null;
  if (values.broker !== undefined || values.unit !== undefined) {
    if (!values.broker || !values.unit) throw new UsageError("--broker and --unit go together");
    if (positionals.length) throw new UsageError("--broker checks a broker: no unit address with it");
    if (!/^(mqtts?|wss?):\/\/[^\s]+$/.test(values.broker)) {
      throw new UsageError(
        "--broker must be mqtt://, mqtts://, ws:// or wss:// followed by the broker's address",
      );
    }
    const readsWaitMs = Number(values["reads-wait"]);
    if (!Number.isInteger(readsWaitMs) || readsWaitMs < 0)
      throw new UsageError("--reads-wait must be a whole number of ms");
    return {
      mode: "broker" as const,
      broker: values.broker,
      unit: values.unit,
      username: values.username,
      readsWaitMs,
      json: values.json,
    };
  }
  if (positionals.length !== 1) throw new UsageError("give the unit's address, e.g. http://192.168.4.1");
  const number = (name: string, raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name} must be a whole number of ms`);
    return n;
  };
  const port = (raw: string) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 65535)
      throw new UsageError("--timing-port must be a port 1..65535");
    return n;
  };
  if (values.firmware && !values.destructive) throw new UsageError("--firmware goes with --destructive");
  let url: string;
  try {
    url = normaliseUrl(positionals[0] as string);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  return {
    mode: "unit" as const,
    url,
    json: values.json,
    destructive: values.destructive,
    yes: values.yes,
    firmware: values.firmware,
    timeoutMs: number("timeout", values.timeout),
    pacingMs: number("pacing", values.pacing),
    streamWaitMs: number("stream-wait", values["stream-wait"]),
    timingPort: values["timing-port"] === undefined ? undefined : port(values["timing-port"]),
    timingWaitMs: number("timing-wait", values["timing-wait"]),
  };
}

/** --destructive without --yes: the operator types the unit's name (or "yes" when it has none) to go on. */
async function confirm(url: string, firmware: string | undefined): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new UsageError("--destructive asks for a typed confirmation: run it in a terminal, or add --yes");
  }
  let name = "";
  try {
    const res = await fetch(`${url}${API.deviceName}`, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { deviceName?: unknown };
    name = typeof body.deviceName === "string" ? body.deviceName.trim() : "";
  } catch {
    // The run will say why; the confirmation falls back to "yes".
  }
  const word = name || "yes";
  process.stderr.write(
    `--destructive changes the unit at ${url}${name ? ` (${name})` : ""}: it sets and restores three configuration\n` +
      "values, switches the UHF transmitter OFF and ON, deletes the timing and status files (FS_CLEAR) and recreates\n" +
      `the example files, uploads ${firmware ?? "a generated test image (real hardware cannot run it: use --firmware)"}\n` +
      "and lets the unit reboot into it. The firmware that runs now is not put back.\n",
  );
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await rl.question(`Type ${JSON.stringify(word)} to go on: `);
  rl.close();
  return answer.trim() === word;
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (!args) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.mode === "broker") {
    process.stdout.write(`Checking unit ${args.unit} on ${args.broker}\n`);
    const report = await runBrokerConformance(
      {
        broker: args.broker,
        unit: args.unit,
        username: args.username,
        password: process.env.TRC_BROKER_PASSWORD || undefined,
        readsWaitMs: args.readsWaitMs,
      },
      { onResult: (result) => process.stdout.write(`${formatResult(result)}\n`) },
    );
    return finish(report, args.json);
  }
  let firmware: Uint8Array | undefined;
  if (args.firmware) {
    firmware = new Uint8Array(await readFile(args.firmware));
    const check = await verifyAppImage(firmware, nodeSha256Hex);
    if (!check.ok) throw new UsageError(`${args.firmware}: ${check.reason}`);
  }
  if (args.destructive && !args.yes && !(await confirm(args.url, args.firmware))) {
    process.stderr.write("Not confirmed: nothing was sent.\n");
    return 2;
  }
  const live = process.stderr.isTTY === true;
  const clearLine = () => live && process.stderr.write("\r\x1b[2K");
  process.stdout.write(`Checking ${args.url}${args.destructive ? " (destructive)" : ""}\n`);
  const report = await runConformance(
    {
      url: args.url,
      destructive: args.destructive,
      firmware,
      password: process.env.TRC_CONFORMANCE_PASSWORD || undefined,
      timeoutMs: args.timeoutMs,
      pacingMs: args.pacingMs,
      streamWaitMs: args.streamWaitMs,
      timingPort: args.timingPort,
      timingWaitMs: args.timingWaitMs,
    },
    {
      onProgress: (text, index, total) => {
        if (!live) return;
        clearLine();
        process.stderr.write(`[${index + 1}/${total}] ${text.slice(0, (process.stderr.columns || 80) - 12)}`);
      },
      onNotice: (text) => {
        clearLine();
        process.stderr.write(`${text}\n`);
      },
      onResult: (result) => {
        clearLine();
        process.stdout.write(`${formatResult(result)}\n`);
      },
    },
  );
  clearLine();
  return finish(report, args.json);
}

/** Writes the JSON report when asked, prints the summary, answers the exit status. */
async function finish(report: Report, json: string | undefined): Promise<number> {
  if (json) {
    await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`Report written to ${json}\n`);
  }
  for (const line of summaryLines(report)) process.stdout.write(`${line}\n`);
  return report.failed > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`conformance: ${err instanceof Error ? err.message : String(err)}\n`);
    if (usage) process.stderr.write(`\n${USAGE}\n`);
    process.exitCode = usage ? 2 : 1;
  },
);
