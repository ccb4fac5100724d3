// Test units: the emulator in this process on a free port, and "broken units" (a proxy before it that breaks one thing).
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Http2Bindings, type HttpBindings, serve } from "@hono/node-server";
import { type DeviceOptions, type RunningDevice, startDevice } from "@trc/device";

export interface TestUnit {
  readonly url: string;
  readonly device: RunningDevice;
  close(): Promise<void>;
}

/** The emulator with a fresh data folder and short reboots. */
export async function startEmulator(options: Partial<DeviceOptions> = {}): Promise<TestUnit> {
  const dir = await mkdtemp(join(tmpdir(), "trc-conformance-"));
  const device = await startDevice({
    port: 0,
    dataDir: join(dir, "data"),
    consoleDist: join(dir, "no-dist"),
    rebootMs: 300,
    firmwareApplyMs: 150,
    otaConfirmMs: 400,
    // The read stream's keep-alive comes often, so the keep-alive check concludes in well under a second.
    streamKeepAliveMs: 50,
    // So does the timing port's heartbeat (D12: 5 s).
    timingHeartbeatMs: 50,
    log: () => {},
    ...options,
  });
  // A test unit's timing ports are free ports (PORT=0): its configuration says where, as a real unit's does, so the
  // kit finds the filtered port where it looks for it (set in the unit itself: the request log stays the kit's).
  const { raw, filtered } = device.timingPorts();
  if (raw) await device.device.config.set("raw_port", raw);
  if (filtered) await device.device.config.set("filtered_port", filtered);
  return {
    url: device.url,
    device,
    close: async () => {
      await device.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Decides the answer to one request; `forward` asks the emulator behind. */
export type Breakage = (req: Request, forward: () => Promise<Response>) => Promise<Response>;

const HOP_HEADERS = ["content-encoding", "content-length", "transfer-encoding", "connection"];

/** A copy of an answer with a new JSON body (keeps its status and headers, CORS included). */
export function withJson(res: Response, body: unknown, status = res.status): Response {
  const headers = new Headers(res.headers);
  for (const h of HOP_HEADERS) headers.delete(h);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}

/** A unit that behaves like the emulator except where `breakage` says otherwise. */
export async function startBrokenUnit(
  breakage: Breakage,
  options: Partial<DeviceOptions> = {},
): Promise<TestUnit> {
  const inner = await startEmulator(options);
  const handler = async (req: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const forward = async () => {
      const url = new URL(req.url);
      const headers = new Headers(req.headers);
      headers.delete("host");
      const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
      const res = await fetch(`${inner.url}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: hasBody ? await req.clone().arrayBuffer() : undefined,
        redirect: "manual",
      });
      const out = new Headers(res.headers);
      for (const h of HOP_HEADERS) out.delete(h);
      // A read stream never ends: passed on as it comes (closing it here closes it at the emulator).
      if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
        return new Response(res.body, { status: res.status, headers: out });
      }
      return new Response(res.status === 204 ? null : await res.arrayBuffer(), {
        status: res.status,
        headers: out,
      });
    };
    try {
      return await breakage(req, forward);
    } catch {
      // The emulator behind did not answer (it is rebooting): neither does this unit, as a real one would not. Left to
      // the server, a thrown handler is a 500 without the unit's CORS headers, a fault of this harness.
      env.incoming.socket.destroy();
      return new Response(null, { status: 502 });
    }
  };
  const server = serve({ fetch: handler, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((ready) => (server.listening ? ready() : server.once("listening", ready)));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    device: inner.device,
    close: async () => {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
      await inner.close();
    },
  };
}
