// The request gate keeps at most N tasks running, runs higher priority first and holds paused background work.
import { describe, expect, it } from "vitest";
import { RequestGate } from "./queue.ts";

const tick = () => new Promise((r) => setTimeout(r, 0));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("RequestGate", () => {
  it("never runs more than its limit, yet runs every task", async () => {
    const gate = new RequestGate(2);
    const gates = Array.from({ length: 6 }, deferred);
    const done: number[] = [];
    const all = gates.map((g, i) => gate.run(() => g.promise.then(() => done.push(i))));
    await tick();
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(4);
    for (const g of gates) {
      g.resolve();
      await tick();
    }
    await Promise.all(all);
    expect(done).toHaveLength(6);
    expect(gate.maxRunning).toBe(2);
  });

  it("starts the highest priority waiting task first", async () => {
    const gate = new RequestGate(1);
    const first = deferred();
    const order: string[] = [];
    const a = gate.run(() => first.promise);
    const low = gate.run(async () => order.push("low"), { priority: 0 });
    const high = gate.run(async () => order.push("high"), { priority: 5 });
    first.resolve();
    await Promise.all([a, low, high]);
    expect(order).toEqual(["high", "low"]);
  });

  it("holds background tasks while paused and releases them on resume", async () => {
    const gate = new RequestGate(2);
    gate.pause("firmware");
    let ran = false;
    const bg = gate.run(
      async () => {
        ran = true;
      },
      { background: true },
    );
    await gate.run(async () => undefined);
    await tick();
    expect(ran).toBe(false);
    gate.resume("firmware");
    await bg;
    expect(ran).toBe(true);
  });
});
