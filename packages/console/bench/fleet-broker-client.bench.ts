// Benchmark: what an MQTT client costs the page per message: mqtt.js's and u8-mqtt's browser builds fed the same
// PUBLISH frames by a fake WebSocket in Chromium, one frame a task as a real socket delivers them, beside no client.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM } from "../chromium.ts";

const FRAMES = Number(process.env.BENCH_FRAMES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ORIGIN = "http://bench.invalid";
const nodeModule = (path: string) => fileURLToPath(new URL(`../../../node_modules/${path}`, import.meta.url));
const modules: Record<string, string> = {
  "/mqtt.js": nodeModule("mqtt/dist/mqtt.esm.js"),
  "/u8-mqtt.js": nodeModule("u8-mqtt/esm/web/basic-v4.js"),
};
type Kind = "none" | "mqtt.js" | "u8-mqtt";

/** In the page: a fake broker socket and the client under test subscribed; `run(frames)` then delivers telemetry PUBLISHes (QoS 0, as units publish it). */
async function setUp(kind: Kind): Promise<void> {
  const enc = new TextEncoder();
  const str = (s: string) => {
    const b = enc.encode(s);
    return [b.length >> 8, b.length & 0xff, ...b];
  };
  const frameOf = (i: number) => {
    const body = [
      ...str(`trc/unit-${i % 500}/telemetry/passings`),
      ...enc.encode(JSON.stringify({ seen: i, left: 0, at: "2026-11-23T18:00:00.000Z" })),
    ];
    return new Uint8Array([0x30, body.length, ...body]).buffer;
  };
  const data = Array.from({ length: 500 }, (_, i) => frameOf(i));
  let got = 0;
  const decoder = new TextDecoder();
  const handle = (_topic: string, payload: Uint8Array) => {
    decoder.decode(payload);
    got++;
  };
  class FakeSocket extends EventTarget {
    static last: FakeSocket;
    OPEN = 1;
    readyState = 0;
    binaryType = "blob";
    bufferedAmount = 0;
    onopen?: (e: Event) => void;
    onmessage?: (e: MessageEvent) => void;
    constructor() {
      super();
      FakeSocket.last = this;
      setTimeout(() => {
        this.readyState = 1;
        const e = new Event("open");
        this.onopen?.(e);
        this.dispatchEvent(e);
      });
    }
    deliver(buffer: ArrayBuffer) {
      const e = new MessageEvent("message", { data: buffer });
      this.onmessage?.(e);
      this.dispatchEvent(e);
    }
    send(u8: Uint8Array) {
      const [first = 0, , idHigh = 0, idLow = 0] = u8;
      const type = first >> 4;
      if (type === 1) setTimeout(() => this.deliver(new Uint8Array([0x20, 2, 0, 0]).buffer));
      if (type === 8)
        setTimeout(() => this.deliver(new Uint8Array([0x90, 5, idHigh, idLow, 0, 0, 0]).buffer));
    }
    close() {}
  }
  (window as unknown as { WebSocket: unknown }).WebSocket = FakeSocket;
  const topics = ["trc/+/status", "trc/+/identity", "trc/+/telemetry/#"];
  let socket: { deliver(b: ArrayBuffer): void };
  if (kind === "none") {
    socket = { deliver: (b) => handle("", new Uint8Array(b, 40)) };
  } else {
    const subscribed = new Promise<void>((done) => {
      if (kind === "mqtt.js") {
        return import(`${location.origin}/mqtt.js`).then(({ default: mqtt }) => {
          const client = mqtt.connect("ws://broker.invalid:9001", { protocolVersion: 4, reconnectPeriod: 0 });
          client.on("message", (topic: string, payload: Uint8Array) => handle(topic, payload));
          client.on("connect", () => client.subscribe(topics, { qos: 1 }, () => done()));
        });
      }
      return import(`${location.origin}/u8-mqtt.js`).then(({ default: mqtt }) => {
        const client = mqtt({
          on_mqtt_type: {
            mqtt_publish: (pkt: { topic: string; payload: Uint8Array }) => handle(pkt.topic, pkt.payload),
          },
          on_live: () =>
            client
              .connect({ client_id: "bench", keep_alive: 30 })
              .then(() => client.subscribe(topics, { qos: 1 }).then(done)),
          log_conn: () => {},
        });
        client.with_websock(new FakeSocket());
      });
    });
    await subscribed;
    socket = FakeSocket.last;
  }
  // One frame a task (a MessageChannel loop: no timer clamping), as a WebSocket delivers its messages.
  (window as unknown as { run: (frames: number) => Promise<{ ms: number; got: number }> }).run = async (
    frames,
  ) => {
    const t0 = performance.now();
    await new Promise<void>((done) => {
      const channel = new MessageChannel();
      let sent = 0;
      channel.port1.onmessage = () => {
        socket.deliver(data[sent % data.length] as ArrayBuffer);
        if (++sent < frames) channel.port2.postMessage(0);
      };
      const finished = () => (got >= frames ? done() : setTimeout(finished, 1));
      channel.port2.postMessage(0);
      finished();
    });
    return { ms: performance.now() - t0, got };
  };
}

async function main(): Promise<void> {
  const before = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  const browser = await chromium.launch(CHROMIUM);
  const results: Record<Kind, number[]> = { none: [], "mqtt.js": [], "u8-mqtt": [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ["none", "mqtt.js", "u8-mqtt"] as Kind[]) {
        const page = await browser.newPage();
        await page.route(`${ORIGIN}/**`, (route) => {
          const path = new URL(route.request().url()).pathname;
          const file = modules[path];
          return file
            ? route.fulfill({ contentType: "text/javascript", body: readFileSync(file, "utf8") })
            : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bench</title>" });
        });
        // tsx names the page function's inner classes and functions through a helper the page lacks.
        await page.addInitScript({ content: "globalThis.__name = (f) => f;" });
        await page.goto(`${ORIGIN}/`);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Performance.enable");
        const cpu = async () =>
          (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ThreadTime")?.value ?? 0;
        await page.evaluate(setUp, kind);
        const cpu0 = await cpu();
        const { ms, got } = await page.evaluate(
          (frames) =>
            (window as unknown as { run: (n: number) => Promise<{ ms: number; got: number }> }).run(frames),
          FRAMES,
        );
        const cpuMs = ((await cpu()) - cpu0) * 1000;
        if (got < FRAMES) throw new Error(`${kind}: ${got} of ${FRAMES} messages`);
        results[kind].push((cpuMs / FRAMES) * 1000);
        console.log(
          `[bench] ${kind}: ${FRAMES} frames in ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms main-thread CPU`,
        );
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const none = median(results.none);
  console.log(
    `| Client | Main-thread CPU per message (median of ${ROUNDS}) | Less the page's own handling |`,
  );
  console.log("|---|---:|---:|");
  for (const kind of ["none", "mqtt.js", "u8-mqtt"] as Kind[]) {
    const m = median(results[kind]);
    console.log(
      `| ${kind === "none" ? "no client (the frame's payload decoded)" : kind} | ${m.toFixed(1)} µs | ${(m - none).toFixed(1)} µs |`,
    );
  }
  console.log(
    `load average before: ${before}, after: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
  );
}

await main();
