// Reliability: malformed bodies on every POST route → a 4xx with a reason, state untouched, the device keeps answering.
import { API, makeTestImage } from "@trc/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnyJson, startTestDevice, type TestDevice } from "../helpers.ts";
import { recordFigure } from "./figures.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice();
});
afterAll(() => dev.dispose());

const JSON_ROUTES = [API.commandExecute, API.authTest, API.configSet] as const;

/** What must not change: configuration, firmware identity, files, device name, a valid password. */
async function snapshot() {
  const fw = (await dev.getJson(API.telemetry("firmware"))).body;
  return {
    config: (await dev.getJson(API.configGet)).body,
    firmware: { version: fw.version, partition: fw.partition },
    files: (await dev.getJson(API.filesAll)).body,
    name: (await dev.getJson(API.deviceName)).body,
  };
}

async function expectRefused(res: Response, label: string, statuses = [400]) {
  const text = await res.text();
  expect(statuses, `${label}: status ${res.status} ${text.slice(0, 200)}`).toContain(res.status);
  expect((JSON.parse(text) as AnyJson).error, label).toMatch(/\w{3}/);
}

const post = (path: string, body: string, type = "application/json") =>
  dev.call(path, { method: "POST", headers: { "Content-Type": type }, body });

const deep = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
const deepObj = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

const MALFORMED: [string, string][] = [
  ["empty", ""],
  ["whitespace", "   \n"],
  ["not JSON", "cmd=REBOOT"],
  ["truncated JSON", '{"cmd":"REBOOT","args":['],
  ["array", '["REBOOT"]'],
  ["string", '"REBOOT"'],
  ["number", "42"],
  ["null", "null"],
  ["nested 9 levels", JSON.stringify({ a: [[[[[[[[1]]]]]]]] })],
  ["nested 5,000 levels of arrays", deep(5000)],
  ["nested 2,000 levels of objects", deepObj(2000)],
  ["BOM and garbage", "\ufeff{]"],
  ["NUL bytes", "{\u0000}"],
];

const WRONG_TYPES: Record<(typeof JSON_ROUTES)[number], unknown[]> = {
  [API.commandExecute]: [
    {},
    { cmd: 5, args: [] },
    { cmd: "REBOOT", args: "now" },
    { cmd: "REBOOT_DELAY", args: [10] },
    { cmd: ["REBOOT"], args: [] },
    { cmd: "REBOOT", args: [], auth_pw: 12 },
    { cmd: null, args: null },
  ],
  [API.authTest]: [{ auth_pw: 5 }, { auth_pw: ["owner-pass"] }, { auth_pw: { x: 1 } }, { auth_pw: null }],
  [API.configSet]: [
    {},
    { key: 5, value: "x", time: "t" },
    { key: "raw_port", value: "10000", time: "t" },
    { key: "raw_port", value: 70000, time: "t" },
    { key: "raw_port", value: -1, time: "t" },
    { key: "gps_correction", value: "true", time: "t" },
    { key: "uhf_region", value: "Mars", time: "t" },
    { key: "utc_offset", value: 1.5, time: "t" },
    { key: "buzzer_volume", value: { level: "LOW" }, time: "t" },
    { key: "static_ip", value: "999.1.1.1", time: "t" },
    { key: "sta_ssid", value: null, time: "t" },
  ],
};

let refused = 0;

describe("JSON routes", () => {
  it("malformed JSON bodies: 400 with a reason, nothing changes", async () => {
    const before = await snapshot();
    for (const path of JSON_ROUTES) {
      for (const [label, body] of MALFORMED) {
        await expectRefused(await post(path, body), `${path} ${label}`);
        refused++;
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("wrong types and values out of range: 400, nothing changes", async () => {
    const before = await snapshot();
    for (const path of JSON_ROUTES) {
      for (const body of WRONG_TYPES[path]) {
        await expectRefused(await post(path, JSON.stringify(body)), `${path} ${JSON.stringify(body)}`, [400]);
        refused++;
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("bodies over 16 kB: 413 on every JSON route, with and without a Content-Length", async () => {
    const before = await snapshot();
    const huge = JSON.stringify({ key: "sta_ssid", value: "x".repeat(2_000_000), time: "t" });
    for (const path of [...JSON_ROUTES, API.filesRefresh]) {
      await expectRefused(await post(path, huge), `${path} 2 MB`, [413]);
      const stream = new ReadableStream({
        start(ctl) {
          // Just over the limit, so the whole body is on its way before the 413 closes the connection.
          for (let i = 0; i < 2; i++) ctl.enqueue(new TextEncoder().encode("x".repeat(9 * 1024)));
          ctl.close();
        },
      });
      const chunked = await dev.call(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      await expectRefused(chunked, `${path} chunked 18 kB`, [413]);
      refused += 2;
    }
    expect(await snapshot()).toEqual(before);
  });

  it("DELETE calls with a body over 16 kB: 413, nothing deleted", async () => {
    const before = await snapshot();
    const huge = "x".repeat(100_000);
    for (const path of [
      API.fileDelete("timing_0001.csv"),
      API.filesDeleteAll,
      API.filesDeleteLogging,
      API.filesDeleteTiming,
    ]) {
      const res = await dev.call(path, { method: "DELETE", body: huge });
      await expectRefused(res, `DELETE ${path} 100 kB`, [413]);
      refused++;
    }
    expect(await snapshot()).toEqual(before);
  });

  it("1,000 arbitrary JSON values: never a 5xx, configuration unchanged unless a set was acknowledged", async () => {
    const before = await snapshot();
    let acknowledged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(API.commandExecute, API.configSet),
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          fc.record({ cmd: fc.jsonValue({ maxDepth: 2 }), args: fc.jsonValue({ maxDepth: 2 }) }),
          fc.record({
            key: fc.jsonValue({ maxDepth: 1 }),
            value: fc.jsonValue({ maxDepth: 2 }),
            time: fc.string(),
          }),
        ),
        async (path, body) => {
          const res = await post(path, JSON.stringify(body));
          const text = await res.text();
          expect(res.status, text).toBeLessThan(500);
          if (res.status >= 400) expect(JSON.parse(text).error).toBeTruthy();
          else acknowledged++;
        },
      ),
      { numRuns: 1000, seed: 8 },
    );
    // Arbitrary values almost never name a real command with valid arguments; the state stays as it was.
    expect(acknowledged).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});

describe("firmware route", () => {
  const image = makeTestImage({ size: 20_000, version: "9.9.9" });
  const form = (fields: Record<string, string | Blob>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const send = (body: string | FormData, headers?: Record<string, string>) =>
    dev.call(API.firmwareUpdate, { method: "POST", body, ...(headers && { headers }) });
  const first = () => new Blob([image.subarray(0, 4096)]);

  it("refuses every malformed upload with 4xx and a reason; the running firmware stays", async () => {
    const before = await snapshot();
    const cases: [string, () => Promise<Response>, number[]][] = [
      [
        "JSON body",
        () => send(JSON.stringify({ chunk: "x" }), { "Content-Type": "application/json" }),
        [415],
      ],
      ["no body", () => send("", { "Content-Type": "multipart/form-data; boundary=x" }), [400]],
      [
        "garbage multipart",
        () => send("--x\r\nnope", { "Content-Type": "multipart/form-data; boundary=x" }),
        [400],
      ],
      ["multipart without chunk", () => send(form({ flSize: String(image.length) })), [400]],
      ["chunk as text", () => send(form({ chunk: "hello", flSize: String(image.length) })), [400]],
      ["negative flSize", () => send(form({ chunk: first(), flSize: "-20000" })), [400]],
      ["absurd flSize", () => send(form({ chunk: first(), flSize: "99999999999999999999" })), [400]],
      ["flSize not a number", () => send(form({ chunk: first(), flSize: "lots" })), [400]],
      ["flSize 1e6", () => send(form({ chunk: first(), flSize: "1e6" })), [400]],
      ["flSize smaller than the chunk", () => send(form({ chunk: first(), flSize: "300" })), [400]],
      ["not an image", () => send(form({ chunk: new Blob([new Uint8Array(4096)]), flSize: "20000" })), [400]],
      ["chunk without an upload", () => send(form({ chunk: first() })), [400]],
      [
        "chunk over 64 kB",
        () => send(form({ chunk: new Blob([new Uint8Array(70_000)]), flSize: "70000" })),
        [413],
      ],
      ["negative offset", () => send(form({ chunk: first(), flSize: "20000", offset: "-1" })), [400]],
    ];
    for (const [label, run, statuses] of cases) {
      await expectRefused(await run(), label, statuses);
      refused++;
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a chunk past the declared size is refused and the upload can go on", async () => {
    const start = await send(form({ chunk: first(), flSize: String(image.length), offset: "0" }));
    expect(start.status).toBe(200);
    const past = await send(
      form({ chunk: new Blob([image.subarray(0, 8192)]), offset: String(image.length - 100) }),
    );
    await expectRefused(past, "past the end");
    const appendPast = await send(form({ chunk: new Blob([new Uint8Array(image.length)]) }));
    await expectRefused(appendPast, "append past the end");
    const empty = await send(form({ chunk: new Blob([]), offset: "4096" }));
    await expectRefused(empty, "empty chunk");
    refused += 3;
    const fw = (await dev.getJson(API.telemetry("firmware"))).body;
    expect(fw.version).toBe("1.4.2");
    // A new first chunk starts cleanly: the answer counts only its own bytes.
    const again = await send(form({ chunk: first(), flSize: String(image.length) }));
    expect((await again.json()) as AnyJson).toMatchObject({
      wasChunkSuccessful: true,
      totalBytesReceived: 4096,
    });
  });

  it("the device still answers every call afterwards", async () => {
    expect((await dev.postJson(API.authTest, { auth_pw: "owner-pass" })).body).toEqual({ level: 20 });
    expect((await dev.postJson(API.commandExecute, { cmd: "IDENT_ANT", args: [] })).status).toBe(200);
    expect((await dev.getJson(API.telemetry("battery"))).status).toBe(200);
    await recordFigure("malformedBodies", { refusedWithReason: refused, arbitraryJsonBodies: 1000 });
  });
});
