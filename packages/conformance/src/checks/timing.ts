// Race control (D12), when the unit has it (GET /api/telemetry/timing): its dataset, and its filtered timing port: a
// heartbeat within 6 s, CLOCK answered, a bad line and a REWIND over a year answered ERROR. Nothing is changed.
// A unit without it (404) skips both: "no timing port" (race control is optional).
import { connect, type Socket } from "node:net";
import { API, TIMING_DATASET, TIMING_PORT, TimingTelemetry } from "@trc/protocol";
import { type Check, type Context, contract, jsonProblems, type Outcome } from "../check.ts";

const NO_TIMING = `no timing port (GET ${API.telemetry(TIMING_DATASET)} answered 404; race control is optional, D12)`;
const CLOCK_LINE = /^CLOCK \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;
/** A line no unit understands, and a REWIND over more than a year (D12 refuses both). */
const BAD_LINE = "TRC_CONFORMANCE_NOT_A_REQUEST";
const REWIND_TOO_LONG = "REWIND 01-01-2024 00:00:00 02-01-2025 00:00:00";

/** Why the timing checks do not apply to this unit, once the dataset check found out. */
const absent = new WeakMap<object, string>();

const dataset = contract(`telemetry ${TIMING_DATASET}`, async (ctx) => {
  const a = await ctx.client.get(API.telemetry(TIMING_DATASET));
  if (a.status === 404) {
    absent.set(ctx.facts, NO_TIMING);
    return { skip: NO_TIMING };
  }
  return jsonProblems(a, TimingTelemetry, TIMING_DATASET);
});

/** A program on the port: the lines it got (split at CR), and the next answer (not `*`, a passing or RACESTART). */
class Held {
  text = "";
  error: string | null = null;
  #taken = 0;

  constructor(readonly socket: Socket) {
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      this.text += d;
    });
    socket.on("error", (e) => {
      this.error = e.message;
    });
    socket.on("close", () => {
      this.error ??= "the unit closed the connection";
    });
  }

  lines(): string[] {
    const parts = this.text.split(TIMING_PORT.eol);
    parts.pop();
    return parts;
  }

  async until(done: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (!done()) {
      if (this.error || Date.now() > end) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return true;
  }

  /** Sends a request and waits for its answer line. */
  async ask(line: string, ms: number): Promise<string | null> {
    this.socket.write(`${line}${TIMING_PORT.eol}`);
    const answers = () =>
      this.lines().filter(
        (l) => l !== TIMING_PORT.heartbeat && !l.includes(";") && !l.startsWith("RACESTART"),
      );
    if (!(await this.until(() => answers().length > this.#taken, ms))) return null;
    return answers()[this.#taken++] ?? null;
  }
}

function open(host: string, port: number, ms: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: ms });
    socket.once("connect", () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`no connection within ${ms} ms`));
    });
    socket.once("error", reject);
  });
}

async function checkPort(ctx: Context): Promise<Outcome> {
  const why = absent.get(ctx.facts);
  if (why) return { skip: why };
  const configured = Number(ctx.facts.config?.filtered_port);
  const port = ctx.options.timingPort || configured;
  if (!Number.isInteger(port) || port < 1) {
    return { skip: "the filtered port is unknown (no filtered_port in config/get): give --timing-port" };
  }
  const host = new URL(ctx.options.url).hostname.replace(/^\[|\]$/g, "");
  const where = `the filtered port ${host}:${port}`;
  let socket: Socket;
  try {
    socket = await open(host, port, ctx.options.timeoutMs);
  } catch (err) {
    return [`${where}: no connection (${err instanceof Error ? err.message : String(err)})`];
  }
  const held = new Held(socket);
  try {
    const problems: string[] = [];
    const wait = ctx.options.timingWaitMs;
    ctx.progress(`timing port: waiting up to ${wait / 1000} s for a heartbeat`);
    // With passings going out a heartbeat is not due: any line shows the port alive.
    if (!(await held.until(() => held.lines().length > 0, wait))) {
      return [`${where} sent nothing within ${wait / 1000} s (D12: "*" every 5 s when nothing else is sent)`];
    }
    if (held.lines().some((l) => l.includes("\n")))
      problems.push(`${where}: lines must end in CR alone (D12)`);
    const expect = async (request: string, ok: (answer: string) => boolean, wanted: string) => {
      const answer = await held.ask(request, ctx.options.timeoutMs);
      if (answer === null)
        problems.push(`${where}: no answer to ${request}${held.error ? ` (${held.error})` : ""}`);
      else if (!ok(answer))
        problems.push(`${where}: ${request} answered ${JSON.stringify(answer)}, expected ${wanted}`);
    };
    await expect("CLOCK", (a) => CLOCK_LINE.test(a), '"CLOCK dd-MM-yyyy HH:mm:ss"');
    await expect(BAD_LINE, (a) => a === "ERROR", "ERROR");
    await expect(REWIND_TOO_LONG, (a) => a === "ERROR", "ERROR (a window over 366 days)");
    return problems;
  } finally {
    socket.destroy();
  }
}

const timingPort = contract("timing port", checkPort);

export const TIMING_CHECKS: readonly Check[] = [dataset, timingPort];
