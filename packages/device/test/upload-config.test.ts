// D14's http_url on the unit: its limits (400 with the reason), credentials masked like a password wherever the unit
// shows or logs the URL (and a masked value sent back keeps them), and a URL of the unit itself: refused when set
// (a literal address), failing in words at run time (a name that resolves to it), as is a name not found.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { API } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testHooksClient } from "../src/test-hooks-client.ts";
import { type AnyJson, startTestDevice, type TestDevice } from "./helpers.ts";
import { advance, execute, massStart, timingPorts } from "./timing-helpers.ts";
import { setConfig, upload, uploadUntil } from "./upload-helpers.ts";

const SECRET = "s3cret-pass";
const logLines: string[] = [];
/** Names resolve as this table says (no name leaves loopback). */
const NAMES: Record<string, string> = { "unit.test": "127.0.0.1", "results.test": "127.0.0.1" };
const lookup: LookupFunction = (hostname, options, callback) => {
  const address = NAMES[hostname];
  if (!address) {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), "", 4);
    return;
  }
  if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
};

let dev: TestDevice;
const seen: { auth: string | undefined; body: string }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    seen.push({ auth: req.headers.authorization, body });
    res.writeHead(200).end();
  });
});
let port = 0;

beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true, uploadLookup: lookup, log: (l) => logLines.push(l) });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await dev.dispose();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const set = (value: unknown) => dev.postJson(API.configSet, { key: "http_url", value, time: "t" });

describe("its limits", () => {
  it.each([
    ["ftp://results.example.org/", /^http_url: Must be an http:\/\/ or https:\/\/ address/],
    ["results.example.org", /^http_url: Must be an http:\/\/ or https:\/\/ address/],
    ["http://exa mple.org/", /^http_url: Must not contain spaces/],
    [`http://h.org/${"a".repeat(200)}`, /^http_url: At most 200 characters/],
    ["http://h.org/\u0007", /^http_url: Must not contain control characters/],
    [42, /^http_url: Must be text/],
  ])("%j is refused with 400, nothing changed", async (value, reason) => {
    const { status, body } = await set(value);
    expect(status).toBe(400);
    expect(body.error).toMatch(reason);
    expect((await dev.getJson(API.configGet)).body.http_url).toBe("");
  });
});

describe("credentials", () => {
  const url = () => `http://results:${SECRET}@127.0.0.1:${port}/passings`;
  const masked = () => `http://results:***@127.0.0.1:${port}/passings`;

  it("are masked in the set's echo, config/get, getInfo, the request log, the dataset and the unit's log", async () => {
    const hooks = testHooksClient(dev.url);
    const cursor = await hooks.logSeq();
    const { status, body } = await set(url());
    expect(status).toBe(200);
    expect(body.value).toBe(masked());
    expect((await dev.getJson(API.configGet)).body.http_url).toBe(masked());
    const index = ((await dev.getJson(API.configQuantity)).body.len as number) - 1;
    let info: AnyJson = null;
    for (let i = 0; i <= index && info?.name_internal !== "http_url"; i++)
      info = (await dev.getJson(API.configInfo(i))).body;
    expect(info.value_current).toBe(masked());
    const logged = JSON.stringify(await hooks.log(cursor));
    expect(logged).toContain(masked());
    expect(logged).not.toContain(SECRET);
    expect((await upload(dev))?.url).toBe(masked());
    // The unit posts with them, as Basic authorization.
    await execute(dev, "TIMING_START");
    await massStart(dev, 3);
    await uploadUntil(dev, () => seen.length > 0);
    expect(seen[0]?.auth).toBe(`Basic ${Buffer.from(`results:${SECRET}`).toString("base64")}`);
    expect(logLines.join("\n")).not.toContain(SECRET);
  });

  it("the masked value sent back keeps them; another value replaces them", async () => {
    expect((await set(masked())).body.value).toBe(masked());
    const count = seen.length;
    await massStart(dev, 2);
    await uploadUntil(dev, () => seen.length > count, 1000);
    expect(seen.at(-1)?.auth).toBe(`Basic ${Buffer.from(`results:${SECRET}`).toString("base64")}`);
    const plain = `http://127.0.0.1:${port}/passings`;
    expect((await set(plain)).body.value).toBe(plain);
    expect((await dev.getJson(API.configGet)).body.http_url).toBe(plain);
  });
});

describe("the unit itself", () => {
  it("its own HTTP port or a timing port at an address of its own: refused when set", async () => {
    const ports = await timingPorts(dev);
    const unitPort = new URL(dev.url).port;
    for (const url of [
      `http://127.0.0.1:${unitPort}/`,
      `http://localhost:${unitPort}/passings`,
      `http://[::ffff:127.0.0.1]:${unitPort}/`,
      `http://0.0.0.0:${unitPort}/`,
      `http://127.0.0.1:${ports.filtered}/`,
      `http://localhost:${ports.raw}/`,
      `http://192.168.1.50:${unitPort}/`,
    ]) {
      const { status, body } = await set(url);
      expect(status, url).toBe(400);
      expect(body.error).toMatch(/^http_url: http_url points at the unit itself \(port \d+\)/);
    }
    expect((await set(`http://127.0.0.1:${port}/`)).status).toBe(200);
  });

  it("a name that resolves to it: taken, then each post fails saying so (nothing sent to itself)", async () => {
    const requests = (await testHooksClient(dev.url).stats()).requests;
    await setConfig(dev, "http_url", `http://unit.test:${new URL(dev.url).port}/`);
    await massStart(dev, 2);
    const u = await uploadUntil(dev, (x) => x.state === "failing");
    expect(u.lastError).toBe("http_url points at the unit itself");
    // Only this test's own calls reached the unit's API (no post of its own).
    const log = await testHooksClient(dev.url).log();
    expect(log.filter((e) => e.method === "POST" && !e.path.startsWith("/api/")).length).toBe(0);
    expect((await testHooksClient(dev.url).stats()).requests).toBeGreaterThan(requests);
  });

  it("a name not found: failing, `name not found`; another name resolving elsewhere: delivered", async () => {
    await setConfig(dev, "http_url", "http://results.invalid/passings");
    await massStart(dev, 2);
    await advance(dev, 1000);
    const u = await uploadUntil(dev, (x) => x.lastError === "name not found");
    expect(u.state).toBe("failing");
    const count = seen.length;
    await setConfig(dev, "http_url", `http://results.test:${port}/passings`);
    const ok = await uploadUntil(dev, (x) => x.state === "ok" && x.left === 0);
    expect(ok.lastError).toBeNull();
    expect(seen.length).toBeGreaterThan(count);
  });
});
