// Issue 22 §4: a page from a public-looking origin (evil.example) can neither change nor read the unit.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "@playwright/test";
import { API, toManualTimeArg } from "@trc/protocol";
import { CHROMIUM } from "../chromium.ts";
import { expect, test } from "./fixtures.ts";

const PAGE = "<!doctype html><title>Race results</title><h1>Totally unrelated race results</h1>";

/** A tiny site on 127.0.0.1 that the browser reaches as http://evil.example:PORT (see the resolver rule below). */
async function startSite(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end(PAGE);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  return { server, port: (server.address() as AddressInfo).port };
}

const json = async (url: string) => (await fetch(url)).json();

test("a public page's no-cors writes are refused by the unit and its reads fail", async ({ device }) => {
  const site = await startSite();
  // A browser of this test only: evil.example resolves to the site on loopback.
  const browser = await chromium.launch({
    ...CHROMIUM,
    args: [...CHROMIUM.args, "--host-resolver-rules=MAP evil.example 127.0.0.1"],
  });
  const origin = `http://evil.example:${site.port}`;
  // The unit has its example files (an earlier test in this worker may have cleared them).
  expect((await fetch(`${device.url}/api/filesystem/dev/refreshFSDB`, { method: "POST" })).ok).toBe(true);
  const before = await json(`${device.url}/api/config/get`);
  const cursor = await device.hooks.logSeq();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(page.getByRole("heading")).toHaveText("Totally unrelated race results");
    const moveClock = JSON.stringify({
      cmd: "TIME_MANUAL",
      args: [toManualTimeArg(new Date(Date.UTC(2031, 0, 1)))],
    });
    const buzzer = before.buzzer_volume === "LOW" ? "HIGH" : "LOW";
    const setBuzzer = JSON.stringify({ key: "buzzer_volume", value: buzzer, time: new Date().toISOString() });
    const outcome = await page.evaluate(
      async ({ unit, moveClock, setBuzzer }) => {
        const say = (p: Promise<Response>) =>
          p.then(
            (r) => `answered (${r.type})`,
            (e: Error) => `${e.name}: ${e.message}`,
          );
        const plain = { "Content-Type": "text/plain" };
        return {
          command: await say(
            fetch(`${unit}/api/commands/execute`, {
              method: "POST",
              mode: "no-cors",
              headers: plain,
              body: moveClock,
            }),
          ),
          config: await say(
            fetch(`${unit}/api/config/set`, {
              method: "POST",
              mode: "no-cors",
              headers: plain,
              body: setBuzzer,
            }),
          ),
          jsonWrite: await say(
            fetch(`${unit}/api/config/set`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: setBuzzer,
            }),
          ),
          remove: await say(
            fetch(`${unit}/api/filesystem/file?fileName=timing_0001.csv`, { method: "DELETE" }),
          ),
          read: await say(fetch(`${unit}/api/config/get`)),
        };
      },
      { unit: device.url, moveClock, setBuzzer },
    );
    // no-cors answers are opaque to the page whatever the unit said; the cors ones fail outright.
    expect(outcome).toEqual({
      command: "answered (opaque)",
      config: "answered (opaque)",
      jsonWrite: "TypeError: Failed to fetch",
      remove: "TypeError: Failed to fetch",
      read: "TypeError: Failed to fetch",
    });
  } finally {
    await browser.close();
    await new Promise((done) => site.server.close(done));
  }
  // The unit received the writes (the preflighted ones never came) and the read, and did nothing.
  const log = await device.hooks.log(cursor);
  const calls = log.map((e) => `${e.method} ${e.path}`);
  expect(calls).toContain("POST /api/commands/execute");
  expect(calls).toContain("POST /api/config/set");
  expect(calls).toContain("GET /api/config/get");
  expect(calls).not.toContain("DELETE /api/filesystem/file");
  expect(await json(`${device.url}/api/config/get`)).toEqual(before);
  const files = (await json(`${device.url}${API.filesAll}`)) as { files: { name: string }[] };
  expect(files.files.map((f) => f.name)).toContain("timing_0001.csv");
  const sources = (await json(`${device.url}/api/telemetry/time/sources`)) as {
    sources: { name: string; time: number }[];
  };
  const rtc = sources.sources.find((s) => s.name === "rtc");
  expect(Math.abs((rtc?.time ?? 0) - Date.now())).toBeLessThan(60_000);
});
