// The clock sync as a query: a Requery joins a running sync, the check after a set starts after it, keyed by unit.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYNC_FAILED_TEXT } from "./accuracy.ts";
import { clockKey, clockQuery, clockView, resyncClock, useSyncProgress } from "./clockQuery.ts";

const UNIT = "http://10.0.0.1";

/** A unit answering time/sources with its clock 250 ms ahead (or `status` with a reason), and the URLs asked. */
function stubUnit(status = 200) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const body =
        status === 200
          ? { sources: [{ name: "rtc", time: Date.now() + 250, accuracy: 1 }], utc_offset: 3600 }
          : { error: "clock busy" };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return asked;
}

/** A client with the card's observer of the unit's sync mounted (as on the dashboard). */
function withCard(base = UNIT) {
  const client = new QueryClient();
  const card = new QueryObserver(client, clockQuery(base));
  const unsubscribe = card.subscribe(() => {});
  return { client, card, unsubscribe };
}

afterEach(() => vi.unstubAllGlobals());

describe("clockQuery", () => {
  it("syncs when the card first shows; a second Requery while it runs joins it instead of starting another", async () => {
    const asked = stubUnit();
    const { client, card, unsubscribe } = withCard();
    expect(clockView(card.getCurrentResult()).accuracy).toBe("QUERYING");
    const second = card.refetch({ cancelRefetch: false });
    const third = card.refetch({ cancelRefetch: false });
    await Promise.all([second, third]);
    const sync = client.getQueryData<{ attempts: number }>(clockKey(UNIT));
    expect(sync?.attempts).toBe(asked.length);
    expect(asked.length).toBeGreaterThanOrEqual(5);
    expect(asked.length).toBeLessThanOrEqual(15);
    expect(asked.every((url) => url === `${UNIT}/api/telemetry/time/sources`)).toBe(true);
    expect(useSyncProgress.getState()[UNIT]?.attempts).toBe(asked.length);
    const view = clockView(card.getCurrentResult());
    // 250 ms off on a fast loopback: within 2 s, over 100 ms (SPEC §9).
    expect(view.accuracy).toBe("SOMEWHAT_ACCURATE");
    expect(view.utcOffset).toBe(3600);
    expect(view.estimate?.offsetMs).toBeGreaterThan(200);
    expect(view.estimate?.offsetMs).toBeLessThan(300);
    unsubscribe();
  });

  it("resync waits for the running sync, then takes every sample afresh", async () => {
    const asked = stubUnit();
    const { client, unsubscribe } = withCard();
    // How many samples had been asked for when each sync's result came in.
    const doneAt: number[] = [];
    client.getQueryCache().subscribe((e) => {
      if (e.type === "updated" && e.action.type === "success") doneAt.push(asked.length);
    });
    const after = await resyncClock(client, UNIT);
    expect(doneAt).toHaveLength(2);
    expect(after?.attempts).toBe(asked.length - (doneAt[0] ?? 0));
    expect(after?.attempts).toBeGreaterThanOrEqual(5);
    expect(client.getQueryState(clockKey(UNIT))?.dataUpdateCount).toBe(2);
    unsubscribe();
  });

  it("every attempt failing is a faulted query with SPEC §8's text and the unit's reason; the old estimate is not shown", async () => {
    stubUnit();
    const { client, card, unsubscribe } = withCard();
    await vi.waitFor(() => expect(card.getCurrentResult().status).toBe("success"));
    const asked = stubUnit(503);
    expect(await resyncClock(client, UNIT)).toBeNull();
    expect(asked.length).toBe(15);
    expect(clockView(card.getCurrentResult())).toEqual({
      accuracy: "NO_GOOD_RESULTS",
      estimate: null,
      utcOffset: null,
      error: SYNC_FAILED_TEXT,
      detail: "HTTP 503: clock busy",
    });
    unsubscribe();
  });

  it("is keyed by the unit: another unit starts from 'Have not queried', a sync of the old one never shows there", async () => {
    stubUnit();
    const client = new QueryClient();
    const old = new QueryObserver(client, clockQuery(UNIT));
    const stop = old.subscribe(() => {});
    const other = new QueryObserver(client, { ...clockQuery("http://10.0.0.2"), enabled: false });
    await vi.waitFor(() => expect(old.getCurrentResult().status).toBe("success"));
    expect(clockView(other.getCurrentResult())).toMatchObject({ accuracy: "NOT_QUERIED", estimate: null });
    stop();
  });
});
