// bench:live's measuring: the in-page probes (rows painted, clicks answered), Chrome's heap and busy time over CDP,
// and reading the page out once the unit stopped (its last row, received N, the CSV's seqs).
import { readFile } from "node:fs/promises";
import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import type { StreamHooks } from "@trc/device";

/** In the page: when each new row is painted (the frame after React added it) and how long clicks take to show. */
function instrument(): void {
  const w = window as unknown as { __paints: [number, number, string][]; __clicks: number[] };
  w.__paints = [];
  w.__clicks = [];
  new MutationObserver((list) => {
    const added: HTMLElement[] = [];
    for (const m of list)
      for (const n of m.addedNodes) if (n instanceof HTMLElement && n.dataset.seq) added.push(n);
    if (!added.length) return;
    requestAnimationFrame(() => {
      const t = performance.timeOrigin + performance.now();
      for (const n of added)
        w.__paints.push([Number(n.dataset.seq), t, n.lastElementChild?.textContent ?? ""]);
    });
  }).observe(document, { subtree: true, childList: true });
  document.addEventListener(
    "click",
    (e) => {
      const button = (e.target as Element).closest("button[aria-pressed]");
      if (!button) return;
      const before = button.getAttribute("aria-pressed");
      const check = () => {
        if (button.getAttribute("aria-pressed") === before) requestAnimationFrame(check);
        else requestAnimationFrame(() => w.__clicks.push(performance.now() - e.timeStamp));
      };
      requestAnimationFrame(check);
    },
    true,
  );
}

/** A row's "HH:MM:SS.mmm" (UTC) as epoch ms near `now`. */
function unitTimeOf(text: string, now: number): number {
  const [h, m, s] = text.split(":").map(Number);
  const d = new Date(now);
  const t =
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), h ?? 0, m ?? 0, 0) + (s ?? 0) * 1000;
  return t - now > 12 * 3600_000 ? t - 86_400_000 : t;
}

export interface Probes {
  page: Page;
  /**
   * V8's used heap plus the array buffers' backing stores (the read ring is typed arrays), after a forced GC, in MB.
   */
  heapMb(): Promise<number>;
  /** Chrome's TaskDuration so far (s): the main thread's busy time. */
  taskSeconds(): Promise<number>;
  /** Read-to-screen of the rows painted since the last call (ms). */
  latencies(): Promise<number[]>;
  /** Each click's time to screen since the last call (ms). */
  clicks(): Promise<number[]>;
}

/** A page of `context` with the probes in it (added before any page script runs). */
export async function openProbed(context: BrowserContext): Promise<Probes> {
  // tsx keeps function names with a __name helper the page does not have.
  await context.addInitScript({ content: "globalThis.__name = (f) => f;" });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  return {
    page,
    heapMb: async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      const use = (await cdp.send("Runtime.getHeapUsage")) as {
        usedSize: number;
        backingStorageSize?: number;
      };
      return (use.usedSize + (use.backingStorageSize ?? 0)) / 1e6;
    },
    taskSeconds: async () =>
      (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration")?.value ?? 0,
    latencies: async () => {
      const now = Date.now();
      const paints = await page.evaluate(() =>
        (window as unknown as { __paints: [number, number, string][] }).__paints.splice(0),
      );
      return paints.map(([, paintedAt, text]) => paintedAt - unitTimeOf(text, now));
    },
    clicks: () => page.evaluate(() => (window as unknown as { __clicks: number[] }).__clicks.splice(0)),
  };
}

/** Clicks Pause or Resume (whichever the button says). */
export const togglePause = (page: Page) => page.locator("button[aria-pressed]").click();

export interface ReadOut {
  /** The unit's last seq once it stopped reading. */
  lastSeq: number;
  /** The page's "received N". */
  received: number;
  /** The exported CSV's seqs, oldest first. */
  seqs: number[];
}

/**
 * The unit stops reading; once the page shows its last read, the page's count and its CSV. The measured visit and
 * the warm-up both end with it, so whatever it puts in the page (Playwright's main-world script for
 * waitForFunction, the export's code) is already there when the heap's start is taken.
 */
export async function readOut(page: Page, url: string, hooks: StreamHooks): Promise<ReadOut> {
  if (await page.locator("button[aria-pressed=true]").count()) await togglePause(page);
  await scenario(url, "POST", { readsStopped: true });
  const { lastSeq } = await hooks.streamState();
  await page.waitForFunction(
    (seq) => document.querySelector(".read-body li")?.getAttribute("data-seq") === String(seq),
    lastSeq,
    { timeout: 60_000 },
  );
  const received = Number(((await page.getByTestId("received").textContent()) ?? "").replace(/\D/g, ""));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const seqs = (await readFile((await download.path()) as string, "utf8"))
    .trim()
    .split("\r\n")
    .slice(1)
    .map((l) => Number(l.split(",")[0]));
  return { lastSeq, received, seqs };
}

/** Sets (POST) or ends (DELETE) the unit's test scenario. */
export async function scenario(url: string, method: "POST" | "DELETE", body?: object): Promise<void> {
  await fetch(`${url}/api/__test/scenario`, {
    method,
    headers: { "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
}
