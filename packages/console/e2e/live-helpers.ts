// Live page test helpers: the unit's own reads (a resuming stream reader in the test), the page's rows, counts, CSV.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PASSINGS_STREAM_PATH, StreamItemReader, type TagRead } from "@trc/protocol";
import { expect } from "./fixtures.ts";

/** A reader of the unit's stream beside the page (it resumes after a drop too): what the unit sent, by seq. */
export interface UnitReads {
  reads: TagRead[];
  close(): void;
}

export function readUnit(url: string, after: number): UnitReads {
  const reads: TagRead[] = [];
  const stop = new AbortController();
  let last = after;
  void (async () => {
    while (!stop.signal.aborted) {
      try {
        const res = await fetch(`${url}${PASSINGS_STREAM_PATH}?after=${last}`, { signal: stop.signal });
        if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
        const items = new StreamItemReader();
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          for (const item of items.push(decoder.decode(chunk, { stream: true }))) {
            if (item.kind !== "event" || item.event !== "reads") continue;
            for (const r of JSON.parse(item.data).reads as TagRead[]) {
              if (r.seq <= last) continue;
              reads.push(r);
              last = r.seq;
            }
          }
        }
      } catch {
        // Dropped or closed: resume (below) unless closed.
      }
      if (!stop.signal.aborted) await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { reads, close: () => stop.abort() };
}

/** The number in "received 1,234" (or "missed 5", "12 new since paused"). */
export async function shownCount(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/** The reads on screen, newest first. */
export const readRows = (page: Page) =>
  page.getByRole("list", { name: "Reads, newest first" }).getByRole("listitem");

/** The seq of the newest row on screen. */
export async function topSeq(page: Page): Promise<number> {
  return Number(await readRows(page).first().getAttribute("data-seq"));
}

/** Opens /live and waits until the stream is live. */
export async function openLive(page: Page): Promise<void> {
  await page.goto("/live");
  await expect(page.getByTestId("stream-status")).toHaveText("Live");
}

/** The Export CSV download's lines (header first, CRLF line ends checked). */
export async function exportCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  const text = await readFile((await download.path()) as string, "utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

/** A CSV line as the page writes a read: seq, tag, antenna +1, RSSI, ISO time. */
export const csvLine = (r: TagRead) =>
  `${r.seq},${r.tag},${r.ant + 1},${r.rssi},${new Date(r.time).toISOString()}`;

/** The seqs of CSV lines, and whether they run without a hole and without a repeat. */
export function seqsOf(lines: string[]): number[] {
  return lines.slice(1).map((l) => Number(l.split(",")[0]));
}
