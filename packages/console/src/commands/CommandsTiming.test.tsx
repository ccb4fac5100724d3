// The Commands page's timings on a fake clock (SPEC §4, §7, §9), as the operator sees them: Execute spins for 500 ms
// after a click, the command leaves 2 s after it, and while it is on its way another command can be chosen but not run.
// These were timed in the browser (e2e/commands.spec.ts) until the browser suite kept only the order of what it sees.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import CommandsPage from "./CommandsPage.tsx";
import { advance, onFakeClockWithUnit } from "./commandsTestClock.ts";

const UNIT = "http://10.7.0.1";

/** The execute area's one button (named Execute, Error or Not Authed). */
const executeButton = () => within(screen.getByRole("region", { name: "Execute" })).getByRole("button");
const row = (name: RegExp) => screen.getByRole("button", { name });
const entries = () => screen.queryAllByTestId("history-entry");

/** A unit answering every execute with 200; the packets it received, in order. */
function stubUnit() {
  const received: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).endsWith("/api/commands/execute")) received.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ result: "ok" }), { status: 200 });
    }),
  );
  return received;
}

onFakeClockWithUnit(UNIT);

describe("Execute on a fake clock", () => {
  it("spins for exactly 500 ms after the click: busy and disabled, then idle", async () => {
    stubUnit();
    renderPage("/commands", <CommandsPage />);
    fireEvent.click(row(/^Identify antennas/));
    expect(executeButton()).toHaveAttribute("aria-busy", "false");
    fireEvent.click(executeButton());
    expect(executeButton()).toHaveAttribute("aria-busy", "true");
    expect(executeButton()).toBeDisabled();
    await advance(499);
    expect(executeButton()).toHaveAttribute("aria-busy", "true");
    await advance(1);
    expect(executeButton()).toHaveAttribute("aria-busy", "false");
  });

  it("lists the command at once as 'Not sent yet' and sends it exactly 2 s after the click, then '200 Success'", async () => {
    const received = stubUnit();
    renderPage("/commands", <CommandsPage />);
    fireEvent.click(row(/^Reboot Restart the unit now/));
    fireEvent.click(executeButton());
    // The mutation starts on the next tick: no time passes.
    await advance(0);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toHaveTextContent("Not sent yet");
    expect(screen.getByText("Select a command from the list...")).toBeVisible();
    await advance(1_999);
    expect(received).toEqual([]);
    expect(entries()[0]).toHaveTextContent("Not sent yet");
    await advance(1);
    expect(received).toEqual([{ cmd: "REBOOT", args: [] }]);
    await advance(0);
    expect(within(entries()[0] as HTMLElement).getByText("200 Success", { exact: true })).toBeVisible();
    expect(entries()[0]).toHaveTextContent("State: RECEIVED");
  });

  it("while a command is on its way another can be selected at once, but Execute waits for the answer", async () => {
    let answer: (r: Response) => void = () => {};
    const received: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init?: RequestInit) => {
        received.push(JSON.parse(String(init?.body)));
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    renderPage("/commands", <CommandsPage />);
    fireEvent.click(row(/^Reboot Restart the unit now/));
    fireEvent.click(executeButton());
    // Chosen well inside the 2 s before Reboot leaves: selected, but not to be run.
    await advance(100);
    fireEvent.click(row(/^Identify antennas/));
    expect(row(/^Identify antennas/)).toHaveAttribute("aria-pressed", "true");
    expect(executeButton()).toHaveAccessibleName("Execute");
    expect(executeButton()).toBeDisabled();
    // Past the spinner: still disabled, Reboot not answered (nor even sent).
    await advance(500);
    expect(executeButton()).toHaveAttribute("aria-busy", "false");
    expect(executeButton()).toBeDisabled();
    await advance(1_400);
    expect(received).toEqual([{ cmd: "REBOOT", args: [] }]);
    // Sent, no answer yet: still disabled.
    await advance(1_000);
    expect(executeButton()).toBeDisabled();
    await act(async () => answer(new Response(JSON.stringify({ result: "ok" }), { status: 200 })));
    await advance(0);
    expect(within(entries()[0] as HTMLElement).getByText("200 Success", { exact: true })).toBeVisible();
    expect(executeButton()).toBeEnabled();
  });
});
