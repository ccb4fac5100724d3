// The timing port on real loopback sockets: what a program gets, the 4-connection limit, heartbeats and requests.
import { rawLines, type TagRead } from "@trc/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { DeviceClock } from "../clock/device-clock.ts";
import { manualClock } from "../clock/manual-clock.ts";
import { filteredPort, Program, pause, range, seqs, until } from "./test-program.ts";
import { TimingPort } from "./timing-port.ts";

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanup.splice(0)) await f();
});

async function setup(...args: Parameters<typeof filteredPort>) {
  const s = await filteredPort(...args);
  cleanup.push(() => s.port.close());
  return s;
}

async function program(port: number, paused = false) {
  const p = await Program.connect(port, paused);
  cleanup.push(() => p.end());
  return p;
}

describe("what a program gets", () => {
  it("what is Left oldest first, then every live passing once in order, R 0, exact lines", async () => {
    const { port, number, add, sessions, clock } = await setup();
    add(3);
    const a = await program(number);
    expect(await a.waitLines(3)).toEqual([
      "T0;17-05-2026 09:00:00.010;1;1;;0",
      "T1;17-05-2026 09:00:00.020;1;2;;0",
      "T2;17-05-2026 09:00:00.030;1;3;;0",
    ]);
    add(2);
    expect(seqs(await a.waitLines(5), 0)).toEqual(range(1, 5));
    await until(() => sessions.counts().sent === 5);
    expect(sessions.counts()).toEqual({ filtered: 5, sent: 5, left: 0 });
    const [entry] = port.programs();
    expect(entry).toEqual({
      port: "filtered",
      address: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      connectedAt: clock.now(),
      sent: 5,
      lastSentAt: clock.now(),
    });
  });

  it("a live marker sends RACESTART after its line", async () => {
    const { number, sessions, port, clock } = await setup();
    const a = await program(number);
    sessions.marker(clock.now() + 1234);
    port.notify();
    expect(await a.waitLines(2)).toEqual(["MARKER;17-05-2026 09:00:01.234;0;1;;0", "RACESTART 09:00:01,234"]);
  });

  it("the raw port sends live reads only, SEQ the read's seq, ANT 1-based", async () => {
    const clock = manualClock();
    const reads: TagRead[] = [{ seq: 41, tag: "OLD", ant: 0, rssi: -50, time: clock.now() }];
    const port = new TimingPort<TagRead>({
      kind: "raw",
      clock,
      feed: {
        start: () => reads.at(-1)?.seq ?? 0,
        after: (after, max) => {
          const items = reads.filter((r) => r.seq > after).slice(0, max);
          return { items, last: items.at(-1)?.seq ?? after };
        },
      },
      lines: (r, replayed) => rawLines(r, replayed, 3600),
      utcOffsetS: () => 3600,
      handle: () => ({ lines: [] }),
    });
    const number = await port.listen(0, "127.0.0.1");
    cleanup.push(() => port.close());
    const a = await program(number);
    await until(() => port.connections === 1);
    reads.push({ seq: 42, tag: "000123", ant: 2, rssi: -50, time: clock.now() + 5 });
    port.notify();
    expect(await a.waitLines(1)).toEqual(["000123;17-05-2026 10:00:00.005;3;42;;0"]);
    expect(port.programs()[0]?.port).toBe("raw");
  });
});

describe("connections", () => {
  it("50 at once: 4 accepted, the rest closed at once, nothing lost for the 4", async () => {
    const { port, number, add } = await setup();
    const all = await Promise.all(Array.from({ length: 50 }, () => program(number)));
    await until(() => all.filter((p) => p.closed).length === 46, 10_000, "46 closed");
    expect(port.connections).toBe(4);
    expect(port.rejected).toBe(46);
    const kept = all.filter((p) => !p.closed);
    for (const p of all.filter((q) => q.closed)) expect(p.text).toBe("");
    add(500);
    for (const p of kept) expect(seqs(await p.waitLines(500), 0)).toEqual(range(1, 500));
    await pause(50);
    for (const p of kept) expect(p.data()).toHaveLength(500);
    expect(port.programs()).toHaveLength(4);
  });

  it("a place freed is taken by the next program; close() disconnects everyone", async () => {
    const { port, number } = await setup(undefined, 1);
    const a = await program(number);
    await until(() => port.connections === 1);
    const b = await program(number);
    await until(() => b.closed);
    a.end();
    await until(() => port.connections === 0);
    const c = await program(number);
    await until(() => port.connections === 1);
    await port.close();
    await until(() => c.closed);
    expect(port.connections).toBe(0);
  });
});

describe("heartbeat", () => {
  it("`*` after 5 s with nothing sent, counted from the last line sent", async () => {
    const { number, clock, port, add } = await setup();
    const a = await program(number);
    await until(() => port.connections === 1);
    clock.advance(4999);
    await pause(30);
    expect(a.lines()).toEqual([]);
    clock.advance(1);
    await until(() => a.lines().length === 1);
    expect(a.lines()).toEqual(["*"]);
    clock.advance(3000);
    add(1);
    await until(() => a.lines().length === 2);
    clock.advance(4999);
    await pause(30);
    expect(a.lines()).toHaveLength(2);
    clock.advance(1);
    await until(() => a.lines().length === 3);
    clock.advance(5000);
    await until(() => a.lines().length === 4);
    expect(a.lines()).toEqual(["*", "T0;17-05-2026 09:00:00.010;1;1;;0", "*", "*"]);
  });
});

describe("heartbeat when the unit's clock is set", () => {
  it("set back an hour, `*` still comes 5 s after the last line", async () => {
    const host = manualClock();
    // The unit's clock over the host's timers, as the device wires it.
    const clock = new DeviceClock(host, 0);
    const port = new TimingPort<TagRead>({
      kind: "raw",
      clock,
      feed: { start: () => 0, after: (after) => ({ items: [], last: after }) },
      lines: () => [],
      utcOffsetS: () => 0,
      handle: () => ({ lines: [] }),
    });
    const number = await port.listen(0, "127.0.0.1");
    cleanup.push(() => port.close());
    const a = await program(number);
    await until(() => port.connections === 1);
    clock.setOffset(-3_600_000);
    host.advance(5000);
    await until(() => a.lines().length === 1);
    host.advance(5000);
    await until(() => a.lines().length === 2);
    expect(a.lines()).toEqual(["*", "*"]);
  });
});

describe("requests", () => {
  it("CLOCK, and every request in one packet answered in order; garbage and long lines ERROR", async () => {
    const { number } = await setup();
    const a = await program(number);
    a.send(`CLOCK\rHELLO\r\r\n${"X".repeat(257)}\rSTOPREAD\r${"Y".repeat(256)}\r`);
    expect(await a.waitLines(5)).toEqual(["CLOCK 17-05-2026 09:00:00", "ERROR", "ERROR", "READOK", "ERROR"]);
  });

  it("a 1 MB line: ERROR as soon as it is too long, once, and the next request is answered", async () => {
    const { number } = await setup();
    const a = await program(number);
    a.send("A".repeat(1024 * 1024));
    expect(await a.waitLines(1)).toEqual(["ERROR"]);
    a.send("\rCLOCK\r");
    expect(await a.waitLines(2)).toEqual(["ERROR", "CLOCK 17-05-2026 09:00:00"]);
  });

  it("setting the clock is refused while timing; taken in test mode; STARTREAD and STOPREAD", async () => {
    const { number, sessions, clockSets } = await setup();
    const a = await program(number);
    a.send("CLOCK 01-06-2026 12:00:00\r");
    expect(await a.waitLines(1)).toEqual(["ERROR"]);
    expect(clockSets).toEqual([]);
    a.send("STOPREAD\rSTOPREAD\rCLOCK 01-06-2026 12:00:00\r");
    expect(await a.waitLines(4)).toEqual(["ERROR", "READOK", "READOK", "CLOCKOK"]);
    expect([sessions.mode, clockSets]).toEqual(["test", [Date.UTC(2026, 5, 1, 12)]]);
    a.send("STARTREAD\rSTARTREAD\r");
    expect((await a.waitLines(6)).slice(4)).toEqual(["READOK", "READOK"]);
    expect(sessions.info()?.file).toBe("timing_0002.csv");
  });

  it("an action that fails, at once or later, is answered ERROR; answers keep the order of requests", async () => {
    const { number } = await setup({
      startTiming: () => Promise.reject(new Error("storage full")),
      stopTiming: () => {
        throw new Error("busy");
      },
      setClock: () => new Promise((r) => setTimeout(r, 50)),
    });
    const a = await program(number);
    a.send("STARTREAD\rSTOPREAD\r");
    expect(await a.waitLines(2)).toEqual(["ERROR", "ERROR"]);
  });

  it("slow answers: requests wait their turn, the answers keep their order", async () => {
    const { number } = await setup({
      mode: () => "test",
      setClock: () => new Promise((r) => setTimeout(r, 50)),
    });
    const a = await program(number);
    a.send("CLOCK 01-06-2026 12:00:00\rCLOCK\rBAD\r");
    expect(await a.waitLines(3)).toEqual(["CLOCKOK", "CLOCK 17-05-2026 09:00:00", "ERROR"]);
  });

  it("REWIND over a year: ERROR and nothing else sent", async () => {
    const { number, add } = await setup();
    add(3);
    const a = await program(number);
    await a.waitLines(3);
    a.send("REWIND 01-01-2025 00:00:00 02-01-2026 00:00:01\r"); // 366 days and 1 s
    expect((await a.waitLines(4)).slice(3)).toEqual(["ERROR"]);
    a.send("REWIND 17-05-2026 09:00:01 17-05-2026 09:00:00\r");
    expect((await a.waitLines(5)).slice(4)).toEqual(["ERROR"]);
    await pause(30);
    expect(a.data()).toHaveLength(5);
  });

  it("REWIND sends the window again, R 1, to this program only, while live passings go on", async () => {
    const { number, add, port } = await setup();
    add(1000); // 09:00:00.010 .. 09:00:10.000
    const a = await program(number);
    const b = await program(number);
    await a.waitLines(1000);
    a.send("REWIND 17-05-2026 09:00:02 17-05-2026 09:00:04\r");
    for (let i = 0; i < 10; i++) add(100);
    const lines = await a.waitLines(2000 + 300);
    expect(seqs(lines, 0)).toEqual(range(1, 2000));
    expect(seqs(lines, 1)).toEqual(range(200, 499));
    await pause(30);
    expect(a.data()).toHaveLength(2300);
    expect(seqs(b.data(), 1)).toEqual([]);
    expect(port.replayProgress()).toBeNull();
  });
});
