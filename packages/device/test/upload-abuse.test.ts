// D14's abuse cases on the emulated unit: a server that answers slowly, with 3xx, 4xx, 5xx, garbage, a 1 GB body or
// never, and a name that does not resolve. Through each the unit keeps reading, timing (a program on the filtered port
// gets every passing) and serving its pages and API (each answer within 2 s), says the cause in the dataset, and loses
// nothing: pointed at a good server afterwards, every stored passing arrives. Loopback only (names: a fake lookup).
import { createServer as createHttp, type Server as HttpServer } from "node:http";
import { type AddressInfo, createServer as createTcp, type Server, type Socket } from "node:net";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningReceiver } from "../src/receiver/receiver.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";
import { advance, connectProgram, massLines, massStart, readsStopped } from "./timing-helpers.ts";
import {
  allKept,
  closeReceivers,
  drained,
  receiver,
  setConfig,
  startSession,
  upload,
} from "./upload-helpers.ts";

let dev: TestDevice;
let good: RunningReceiver;
let session = "";
const servers: Server[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  dev = await startTestDevice({
    testHooks: true,
    timingHeartbeatMs: 1000,
    uploadLookup: (hostname, _o, cb) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 4),
  });
  await setConfig(dev, "reads_2b_sent", "FS");
  good = await receiver();
  session = await startSession(dev);
});
afterAll(async () => {
  await dev.dispose();
  for (const s of sockets) s.destroy();
  for (const s of servers) {
    (s as HttpServer).closeAllConnections?.();
    s.close();
  }
  await closeReceivers();
});

async function listen(server: Server): Promise<string> {
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("error", () => {});
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/passings`;
}

const answering = (status: number, headers: Record<string, string> = {}, body = "") =>
  listen(createHttp((_req, res) => res.writeHead(status, headers).end(body)));

const CASES: [string, () => Promise<string>, RegExp | null][] = [
  [
    "answers slowly (1.5 s), then forwards to a good server",
    () =>
      listen(
        createHttp((req, res) => {
          const chunks: Buffer[] = [];
          req.on("data", (c: Buffer) => chunks.push(c));
          req.on("end", () =>
            setTimeout(async () => {
              const r = await fetch(good.url, {
                method: "POST",
                headers: { "Content-Type": req.headers["content-type"] ?? "" },
                body: Buffer.concat(chunks),
              });
              res.writeHead(r.status).end(await r.text());
            }, 1500),
          );
        }),
      ),
    null,
  ],
  [
    "redirects (302)",
    () => answering(302, { Location: "http://elsewhere.example.org/" }),
    /^302 Found: redirects/,
  ],
  ["answers 404", () => answering(404, {}, "no such results page"), /^404 Not Found: no such results page$/],
  ["answers 502", () => answering(502), /^502 Bad Gateway$/],
  [
    "answers garbage",
    () =>
      listen(
        createTcp((s) => s.on("data", () => s.write(Buffer.from([0, 255, 13, 10, 71, 65, 82, 66, 13, 10])))),
      ),
    /^not an HTTP answer/,
  ],
  [
    "answers 500 with a 1 GB body",
    () =>
      listen(
        createHttp((_req, res) => {
          res.writeHead(500, { "Content-Length": String(1024 ** 3) });
          const chunk = Buffer.alloc(64 * 1024, 33);
          let sent = 0;
          const more = () => {
            while (!res.destroyed && sent < 1024 ** 3 && res.write(chunk)) sent += chunk.length;
          };
          res.on("drain", more);
          more();
        }),
      ),
    /^500 Internal Server Error: !{20}/,
  ],
  ["never answers", () => listen(createTcp(() => {})), /^no answer within 10 s$/],
  ["is a name that does not resolve", async () => "http://results.invalid/passings", /^name not found$/],
];

/** A call's answer time (real ms) and status. */
async function timed(path: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await dev.call(path);
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

describe("the server or its address misbehaves", () => {
  it.each(CASES)(
    "a server that %s: the unit reads, times, serves; says why; loses nothing",
    async (_what, start, cause) => {
      const program = await connectProgram(dev, "filtered");
      await setConfig(dev, "http_url", await start());
      const seen = async () => ((await dev.getJson(API.telemetry("passings"))).body as { seen: number }).seen;
      const seenBefore = await seen();
      await readsStopped(dev, false);
      await massStart(dev, 6);
      const slowest: number[] = [];
      for (let i = 0; i < 14; i++) {
        // A slow server is slow in real time: the unit's clock is left to run with it (an advance would time it out).
        if (cause) await advance(dev, 1000);
        else await new Promise((r) => setTimeout(r, 300));
        for (const path of [API.telemetry("passings"), API.telemetry("timing"), API.configGet, "/"]) {
          const { ms, status } = await timed(path);
          expect(status, path).toBe(200);
          slowest.push(ms);
        }
      }
      expect(Math.max(...slowest)).toBeLessThan(2000);
      // Reading and timing went on: reads made, the mass start's passings on the filtered port.
      expect(await seen()).toBeGreaterThan(seenBefore);
      expect(massLines(program.data()).length).toBeGreaterThanOrEqual(6);
      const u = await upload(dev);
      if (cause) {
        expect(u?.state).toBe("failing");
        expect(u?.lastError).toMatch(cause);
        expect(u?.left).toBeGreaterThanOrEqual(6);
      } else {
        expect(u?.lastError).toBeNull();
      }
      await readsStopped(dev, true);
      await setConfig(dev, "http_url", good.url);
      await drained(dev, 2000);
      await allKept(dev, good, session);
    },
    30_000,
  );
});
