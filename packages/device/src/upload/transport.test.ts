// The post over real HTTP (D14) against servers on loopback that misbehave: each outcome in words, within the unit's
// clock's 10 s, at most 64 kB of an answer read, credentials as Basic authorization, names resolved by a fake lookup.
import { createServer as createHttp, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcp, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../clock/manual-clock.ts";
import { errorWords, NO_ANSWER, SELF, statusWords } from "./answer-words.ts";
import { postOverHttp, type TransportOptions } from "./transport.ts";

const servers: Server[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const s of sockets) s.destroy();
  sockets.clear();
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((done) => {
          (s as { closeAllConnections?: () => void }).closeAllConnections?.();
          s.close(() => done());
        }),
    ),
  );
});

/** An HTTP server on loopback; `handle` answers (or not). */
async function http(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: { headers: IncomingMessage["headers"]; body: string; url: string }[] = [];
  const server = createHttp((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      seen.push({ headers: req.headers, body, url: req.url ?? "" });
      handle(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p?x=1`, seen };
}

/** A TCP server that does `onSocket` with each connection (garbage, silence). */
async function tcp(onSocket: (s: Socket) => void) {
  const server = createTcp((socket) => {
    sockets.add(socket);
    onSocket(socket);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const REQUEST = { contentType: "application/json", headers: { "X-A": "1" }, body: '{"passings":[]}' };

function post(url: string, extra: Partial<TransportOptions> = {}, signal = new AbortController().signal) {
  const clock = manualClock();
  return { clock, result: postOverHttp({ url, ...REQUEST }, signal, { clock, ...extra }) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("answers", () => {
  it("a 2xx acknowledges; the body and headers are what D14 says, to the URL's path and query", async () => {
    const s = await http((_req, res) => res.writeHead(201).end("ok"));
    expect(await post(s.url).result).toEqual({ ok: true });
    expect(s.seen[0]).toMatchObject({ url: "/p?x=1", body: '{"passings":[]}' });
    expect(s.seen[0]?.headers).toMatchObject({
      "content-type": "application/json",
      "x-a": "1",
      "content-length": "15",
    });
  });

  it.each([
    [503, "", "503 Service Unavailable"],
    [400, "session is missing", "400 Bad Request: session is missing"],
    [404, "<h1>Not\nFound</h1>", "404 Not Found: <h1>Not Found</h1>"],
    [500, "x".repeat(300), `500 Internal Server Error: ${"x".repeat(79)}…`],
    [418, "", "418 I'm a Teapot"],
  ])("%i is a failure in words", async (status, body, words) => {
    const s = await http((_req, res) => res.writeHead(status).end(body));
    expect(await post(s.url).result).toEqual({ ok: false, error: words });
  });

  it("a redirect is not followed: it says where to, its credentials masked", async () => {
    const s = await http((_req, res) =>
      res.writeHead(301, { Location: "https://u:secret@new.example.org/p" }).end(),
    );
    const r = await post(s.url).result;
    expect(r).toEqual({
      ok: false,
      error:
        "301 Moved Permanently: redirects are not followed to https://u:***@new.example.org/p; set http_url to the new address",
    });
    expect(s.seen).toHaveLength(1);
  });

  it("credentials in the URL go as Basic authorization", async () => {
    const s = await http((_req, res) => res.writeHead(200).end());
    const url = s.url.replace("http://", "http://results:p%40ss@");
    expect(await post(url).result).toEqual({ ok: true });
    expect(s.seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from("results:p@ss").toString("base64")}`);
  });
});

describe("abuse", () => {
  it("garbage instead of HTTP", async () => {
    const url = await tcp((socket) => socket.end("HELLO THERE\r\n\r\n"));
    expect(((await post(url).result) as { error: string }).error).toMatch(/^not an HTTP answer \(/);
  });

  it("a connection closed without an answer", async () => {
    const url = await tcp((socket) => socket.once("data", () => socket.destroy()));
    expect(await post(url).result).toEqual({
      ok: false,
      error: expect.stringMatching(/connection (reset|closed)/),
    });
  });

  it("no answer within 10 s of the unit's clock, whether silent or answering too slowly", async () => {
    let got = 0;
    const url = await tcp((socket) => socket.once("data", () => got++));
    const p = post(url);
    await until(() => got === 1);
    p.clock.advance(9_999);
    await new Promise((r) => setTimeout(r, 20));
    p.clock.advance(1);
    expect(await p.result).toEqual({ ok: false, error: NO_ANSWER });
    // Answering after 10 s of the unit's clock is too late too; within, slow is fine.
    const slow = await http((_req, res) => setTimeout(() => res.writeHead(200).end(), 200));
    const late = post(slow.url);
    await until(() => slow.seen.length === 1);
    late.clock.advance(10_000);
    expect(await late.result).toEqual({ ok: false, error: NO_ANSWER });
    expect(await post(slow.url).result).toEqual({ ok: true });
  });

  it("a 1 GB answer: the status decides, at most 64 kB read, then the connection dropped", async () => {
    let written = 0;
    let closed = false;
    const big = (status: number) =>
      http((_req, res) => {
        res.writeHead(status, { "Content-Length": String(1024 ** 3) });
        const chunk = Buffer.alloc(64 * 1024, 120);
        const more = () => {
          while (!res.destroyed && written < 1024 ** 3 && res.write(chunk)) written += chunk.length;
        };
        res.on("drain", more);
        res.on("close", () => (closed = true));
        more();
      });
    expect(await post((await big(200)).url).result).toEqual({ ok: true });
    await until(() => closed);
    expect(closed).toBe(true);
    expect(written).toBeLessThan(64 * 1024 * 1024);
    const r = await post((await big(502)).url).result;
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^502 Bad Gateway: x{20}/) });
  });

  it("a 2xx whose body never ends still acknowledges (by the 10 s at the latest)", async () => {
    const s = await http((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("working");
    });
    const p = post(s.url);
    await until(() => s.seen.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    p.clock.advance(10_000);
    expect(await p.result).toEqual({ ok: true });
  });

  it("connection refused, a name not found, a name of the unit itself, stopped", async () => {
    const gone = await tcp(() => {});
    const server = servers.pop();
    await new Promise<void>((r) => server?.close(() => r()));
    expect(await post(gone).result).toEqual({ ok: false, error: "connection refused" });
    const notFound: TransportOptions["lookup"] = (_h, _o, cb) =>
      cb(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }), "", 4);
    expect(await post("http://results.invalid/", { lookup: notFound }).result).toEqual({
      ok: false,
      error: "name not found",
    });
    const s = await http((_req, res) => res.writeHead(200).end());
    const port = Number(new URL(s.url).port);
    const loopback: TransportOptions["lookup"] = (_h, o, cb) =>
      o.all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4);
    const self = { lookup: loopback, isSelf: (a: string, p: number) => a === "127.0.0.1" && p === port };
    expect(await post(`http://unit.test:${port}/`, self).result).toEqual({ ok: false, error: SELF });
    expect(s.seen).toHaveLength(0);
    expect(await post(`http://results.test:${port}/`, { lookup: loopback }).result).toEqual({ ok: true });
    const abort = new AbortController();
    abort.abort();
    expect(await post(s.url, {}, abort.signal).result).toEqual({ ok: false, error: "stopped" });
  });
});

describe("words", () => {
  it("errors and statuses", () => {
    expect(errorWords(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe("connection refused");
    expect(errorWords(Object.assign(new Error("x"), { code: "EAI_AGAIN" }))).toMatch(/^name not found/);
    expect(errorWords(Object.assign(new Error("bad cert"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }))).toBe(
      "TLS refused (DEPTH_ZERO_SELF_SIGNED_CERT)",
    );
    expect(errorWords(new Error("socket hang up"))).toBe("connection closed without an answer");
    expect(errorWords("\u001b[31mred")).toBe("\\x1b[31mred");
    expect(statusWords(503, "Service Unavailable")).toBe("503 Service Unavailable");
    expect(statusWords(599, "")).toBe("599");
    expect(statusWords(302, "Found")).toBe(
      "302 Found: redirects are not followed; set http_url to the new address",
    );
  });
});
