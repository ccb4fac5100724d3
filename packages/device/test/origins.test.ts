// Issue 22 §4: a public web page can neither change nor read the unit; private-network pages and scripts still can.
import { API, ErrorBody, FileList, toManualTimeArg } from "@trc/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedOrigin, isPrivateHost } from "../src/middleware/origin-guard.ts";
import { startTestDevice, type TestDevice } from "./helpers.ts";

let dev: TestDevice;
beforeAll(async () => {
  dev = await startTestDevice({ testHooks: true });
});
afterAll(() => dev.dispose());

const EVIL = "https://evil.example";
const REFUSED_ORIGIN = (origin: string) =>
  `Refused: a page from ${origin} may not use this unit; only the unit's own address and private-network addresses (loopback, 10/8, 172.16/12, 192.168/16, 169.254/16, .local) may`;
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error;
const buzzer = async () => (await dev.getJson(API.configGet)).body.buzzer_volume as string;
const fileNames = async () => FileList.parse((await dev.getJson(API.filesAll)).body).files.map((f) => f.name);
const setBuzzer = (value: string, headers: Record<string, string>) =>
  dev.call(API.configSet, {
    method: "POST",
    headers,
    body: JSON.stringify({ key: "buzzer_volume", value, time: new Date().toISOString() }),
  });

describe("which origins are the unit's side of the internet", () => {
  it.each([
    "http://127.0.0.1:8080",
    "http://127.9.9.9",
    "http://localhost:5173",
    "http://app.localhost",
    "http://[::1]:8080",
    "http://10.1.2.3",
    "http://172.16.0.1",
    "http://172.31.255.254:8081",
    "http://192.168.4.1",
    "http://169.254.10.20",
    "http://decoder-02.local",
    "http://laptop.home.arpa:5173",
    "http://console.internal",
    "https://Decoder.LOCAL.",
    "http://[fd00::5]",
    "http://[fe80::1]",
  ])("%s is allowed", (origin) => {
    expect(allowedOrigin(origin, "192.168.4.1")).toBe(origin);
  });

  it.each([
    EVIL,
    "http://evil.example:8080",
    "http://172.32.0.1",
    "http://172.15.255.255",
    "http://11.0.0.1",
    "http://192.169.0.1",
    "http://8.8.8.8",
    "http://[2001:db8::1]",
    "http://local",
    "http://localhost.evil.example",
    "http://evil.example.local.example",
    "http://laptop.lan",
    "null",
    "file://",
    "not a url",
  ])("%s is refused", (origin) => {
    expect(allowedOrigin(origin, "192.168.4.1")).toBeNull();
  });

  it("the unit's own origin is allowed at a public address (Origin = Host, an IP), never by a name (DNS rebinding)", () => {
    expect(allowedOrigin("http://34.1.2.3:8080", "34.1.2.3:8080")).toBe("http://34.1.2.3:8080");
    expect(allowedOrigin("http://[2001:db8::7]", "[2001:db8::7]")).toBe("http://[2001:db8::7]");
    expect(allowedOrigin("http://34.1.2.3:8081", "34.1.2.3:8080")).toBeNull();
    // A public page whose name was rebound to the unit's address: same origin for the browser, refused here.
    expect(allowedOrigin("http://evil.example", "evil.example")).toBeNull();
    expect(isPrivateHost("::ffff:192.168.1.9")).toBe(true);
    expect(isPrivateHost("::ffff:8.8.8.8")).toBe(false);
  });
});

describe("a write from a public origin: 403 with the reason, nothing done", () => {
  it("a JSON config set does not change the value", async () => {
    expect((await setBuzzer("HIGH", { "Content-Type": "application/json" })).status).toBe(200);
    const res = await setBuzzer("LOW", { "Content-Type": "application/json", Origin: EVIL });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe(REFUSED_ORIGIN(EVIL));
    expect(await buzzer()).toBe("HIGH");
  });

  it("a text/plain command (what no-cors fetch sends) is not executed", async () => {
    const target = Date.UTC(2031, 5, 6, 7, 8, 9);
    const res = await dev.call(API.commandExecute, {
      method: "POST",
      headers: { "Content-Type": "text/plain", Origin: EVIL },
      body: JSON.stringify({ cmd: "TIME_MANUAL", args: [toManualTimeArg(new Date(target))] }),
    });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe(REFUSED_ORIGIN(EVIL));
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const { body } = await dev.getJson(API.telemetry("time/sources"));
    const rtc = body.sources.find((s: { name: string }) => s.name === "rtc");
    expect(Math.abs(rtc.time - Date.now())).toBeLessThan(60_000);
  });

  it("a body-less DELETE of a file leaves the file", async () => {
    const res = await dev.call(API.fileDelete("timing_0002.csv"), {
      method: "DELETE",
      headers: { Origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(await fileNames()).toContain("timing_0002.csv");
  });
});

describe("415: a write with a body is acted on only with its own type", () => {
  it.each([
    ["text/plain", "Unsupported body type: a text/plain body; this call takes application/json"],
    [
      "application/x-www-form-urlencoded",
      "Unsupported body type: a application/x-www-form-urlencoded body; this call takes application/json",
    ],
    [
      "multipart/form-data; boundary=x",
      "Unsupported body type: a multipart/form-data body; this call takes application/json",
    ],
  ])("%s from a private page is refused and the value stays", async (type, reason) => {
    const before = await buzzer();
    const res = await setBuzzer(before === "LOW" ? "MEDIUM" : "LOW", {
      "Content-Type": type,
      Origin: "http://192.168.4.20",
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe(reason);
    expect(await buzzer()).toBe(before);
  });

  it("JSON with a charset from a private page is acted on and readable there", async () => {
    const origin = "http://192.168.4.20";
    const res = await setBuzzer("MEDIUM", {
      "Content-Type": "application/json; charset=utf-8",
      Origin: origin,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(await buzzer()).toBe("MEDIUM");
  });

  it("firmware chunks must be multipart", async () => {
    const res = await dev.call(API.firmwareUpdate, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe(
      "Unsupported body type: a application/json body; this call takes multipart/form-data",
    );
  });

  it("body-less calls of the spec keep working from the console's origin", async () => {
    const origin = "http://127.0.0.1:8080";
    const refresh = await dev.call(API.filesRefresh, { method: "POST", headers: { Origin: origin } });
    expect(refresh.status).toBe(200);
    const del = await dev.call(API.fileDelete("timing_0001.csv"), {
      method: "DELETE",
      headers: { Origin: origin },
    });
    expect(del.status).toBe(200);
    expect(await fileNames()).not.toContain("timing_0001.csv");
  });
});

describe("preflights and cross-origin answers", () => {
  const preflight = (origin: string, privateNetwork = true) =>
    dev.call(API.commandExecute, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
        ...(privateNetwork && { "Access-Control-Request-Private-Network": "true" }),
      },
    });

  it.each(["http://192.168.4.20", "http://localhost:5173", "http://decoder-03.local"])(
    "allows %s, private-network preflight included",
    async (origin) => {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe(origin);
      expect(res.headers.get("access-control-allow-methods")).toMatch(/POST/);
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
      expect(res.headers.get("access-control-allow-private-network")).toBe("true");
      expect(res.headers.get("vary")).toMatch(/Origin/);
    },
  );

  it("does not say private network to a preflight that did not ask", async () => {
    const res = await preflight("http://192.168.4.20", false);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-private-network")).toBeNull();
  });

  it("refuses a public origin's preflight, private-network one included, with 403 and no CORS grant", async () => {
    const res = await preflight(EVIL);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toBe(REFUSED_ORIGIN(EVIL));
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-private-network")).toBeNull();
  });

  it("answers a public origin's read without granting it (the page cannot read the answer)", async () => {
    for (const path of [API.configGet, "/api/nope"]) {
      const res = await dev.call(path, { headers: { Origin: EVIL } });
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });

  it("grants a private origin's reads, errors included, and exposes Retry-After", async () => {
    const origin = "http://10.0.0.7:8080";
    for (const path of [API.configGet, "/api/nope"]) {
      const res = await dev.call(path, { headers: { Origin: origin } });
      expect(res.headers.get("access-control-allow-origin"), path).toBe(origin);
      expect(res.headers.get("access-control-expose-headers")).toContain("Retry-After");
    }
  });

  it("leaves requests without Origin (curl, scripts, the conformance kit) as they were", async () => {
    const res = await setBuzzer("LOW", { "Content-Type": "application/json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});
