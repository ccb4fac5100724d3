// The Live page's Reads / Passings switch: the passings the unit's own filter makes of the reads, with its
// reads_2b_sent and tag_timeout in words; a unit that cannot tell keeps showing reads and says so.
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { API } from "@trc/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EPOCH, fakeIO, flush, read, readsEvent } from "../../test/readStream.fakes.ts";
import { renderPage } from "../../test-utils.tsx";
import { chooseUnit, currentUnit, useConnection } from "../api/connection.ts";
import { readStreamOf } from "../api/readStream.ts";
import LivePage from "./LivePage.tsx";
import { PASSING_FLUSH_MS } from "./useLiveReads.ts";

/** The unit: `config/get` answers `values` (with `status`); anything else 404 (no request waits on the gate). */
function stubUnit(values: Record<string, unknown>, status = 200) {
  const asked: string[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    const path = new URL(url).pathname;
    asked.push(path);
    const answer = path === API.configGet ? { body: values, status } : { body: { error: "no" }, status: 404 };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
  });
  return asked;
}

let units = 0;

/** Opens the page on a unit of its own (a unit's one read stream is made with this test's fake I/O). */
async function openLive() {
  const fake = fakeIO();
  chooseUnit(`http://10.31.0.${++units}`);
  readStreamOf(currentUnit(), fake.io);
  renderPage("/live", <LivePage />);
  await act(flush);
  const unit = fake.calls[0]?.open();
  return async (text: string) => {
    await act(async () => {
      unit?.send(text);
      await flush();
    });
  };
}

const list = () => screen.getByRole("list", { name: /newest first$/ });
/** The shown rows' tags and seqs, newest first. */
const rows = () =>
  within(list())
    .queryAllByRole("listitem")
    .map((li) => `${within(li).getByRole("button").textContent}#${li.getAttribute("data-seq")}`);
const show = (name: "Reads" | "Passings") => fireEvent.click(screen.getByRole("radio", { name }));

describe("Live page: reads or passings", () => {
  afterEach(() => {
    // Unmounted before the unit is unstubbed: nothing left running reaches the real network.
    cleanup();
    readStreamOf(currentUnit()).close();
    useConnection.setState({ unit: null });
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the passings of FS (the reads before the switch too), the filter in words, and the reads again", async () => {
    const asked = stubUnit({ reads_2b_sent: "FS", tag_timeout: 5 });
    const send = await openLive();
    await send(readsEvent([read(1, "A"), read(2, "A"), read(3, "B")]));
    await waitFor(() => expect(rows()).toEqual(["B#3", "A#2", "A#1"]));
    expect(screen.getByRole("radio", { name: "Reads" })).toBeChecked();
    // Reads shown: the unit's configuration is not asked for.
    expect(asked).not.toContain(API.configGet);

    show("Passings");
    expect(screen.getByRole("radio", { name: "Passings" })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByTestId("filter-words")).toHaveTextContent(
        /^A tag's passing is its first read; it counts again after 5 s unseen$/,
      ),
    );
    await waitFor(() => expect(rows()).toEqual(["B#3", "A#1"]));
    expect(list()).toHaveAccessibleName("Passings, newest first");
    expect(screen.getByTestId("passings")).toHaveTextContent(/^passings 2$/);
    // A is seen again within 5 s (no passing), then after 5 s unseen (a new passing).
    await send(readsEvent([read(4, "A", 0, EPOCH + 4_000), read(5, "A", 0, EPOCH + 9_001)]));
    await waitFor(() => expect(rows()).toEqual(["A#5", "B#3", "A#1"]));
    expect(screen.getByTestId("received")).toHaveTextContent(/^received 5$/);

    show("Reads");
    await waitFor(() => expect(rows()).toEqual(["A#5", "A#4", "B#3", "A#2", "A#1"]));
    expect(list()).toHaveAccessibleName("Reads, newest first");
    expect(screen.queryByTestId("filter-words")).not.toBeInTheDocument();
    expect(screen.queryByTestId("passings")).not.toBeInTheDocument();
  });

  it("LS: a tag's passing appears once it has been unseen for tag_timeout by the unit's clock", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    stubUnit({ reads_2b_sent: "LS", tag_timeout: 2 });
    const send = await openLive();
    show("Passings");
    await waitFor(() =>
      expect(screen.getByTestId("filter-words")).toHaveTextContent(
        /^A tag's passing is its last read; it counts again after 2 s unseen$/,
      ),
    );
    // The unit's clock is an hour behind the browser's: the page goes by the reads' own time.
    const t = EPOCH - 3_600_000;
    await send(readsEvent([read(1, "A", 0, t), read(2, "A", 0, t + 500)]));
    expect(rows()).toEqual([]);
    expect(screen.getByText("No passings yet.")).toBeVisible();
    await act(async () => {
      vi.advanceTimersByTime(PASSING_FLUSH_MS);
      await flush();
    });
    expect(rows()).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(PASSING_FLUSH_MS);
      await flush();
    });
    await waitFor(() => expect(rows()).toEqual(["A#2"]));
  });

  it.each([
    ["does not report the values", { uhf_power: "HIGH" }, 200],
    ["refuses the request", { error: "busy" }, 500],
  ])("a unit that %s: it says so and shows the reads", async (_, values, status) => {
    stubUnit(values, status);
    const send = await openLive();
    await send(readsEvent([read(1, "A"), read(2, "A")]));
    await waitFor(() => expect(rows()).toEqual(["A#2", "A#1"]));
    show("Passings");
    await waitFor(() =>
      expect(screen.getByTestId("filter-words")).toHaveTextContent(
        /^The unit does not say how it makes passings: reads shown$/,
      ),
    );
    expect(list()).toHaveAccessibleName("Reads, newest first");
    expect(rows()).toEqual(["A#2", "A#1"]);
  });
});
