// The restart banner follows the chosen unit: a setting changed on unit A shows A's banner only; unit B has its own,
// whose Restart unit restarts B, and going back to A shows A's banner again.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRestart } from "../shared/unit/restartStore.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { RestartWatch } from "./RestartWatch.tsx";

const A = "http://10.0.0.1";
const B = "http://10.0.0.2";

/** What each unit received ("host METHOD path body"); B is down once after its REBOOT; each unit booted an hour ago. */
function stubUnits() {
  const received: string[] = [];
  let bDown = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url);
      received.push(`${u.host} ${init?.method ?? "GET"} ${u.pathname} ${init?.body ?? ""}`.trim());
      if (u.pathname === "/api/commands/execute") bDown = u.host === "10.0.0.2";
      else if (bDown && u.host === "10.0.0.2") {
        bDown = false;
        throw new TypeError("Failed to fetch");
      }
      const body = u.pathname === "/api/telemetry/os" ? { uptime_s: 3600 } : { deviceName: "D", mode: "hf" };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return received;
}

const banner = () => screen.queryByRole("alert");

beforeEach(() => {
  selectUnit(A);
  useRestart.setState({ changed: {}, since: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  selectUnit("");
  useRestart.setState({ changed: {}, since: {} });
  localStorage.clear();
});

describe("RestartWatch", () => {
  it("shows only the chosen unit's banner; Restart unit on B restarts B and clears B's only", async () => {
    const received = stubUnits();
    useRestart.getState().configChanged("raw_port", Date.now() - 60_000);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RestartWatch />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Changed: raw_port");

    act(() => selectUnit(B));
    expect(banner()).toBeNull();
    // B has nothing pending: it is not asked for its uptime (A's change time means nothing for B).
    expect(received.filter((r) => r.startsWith("10.0.0.2"))).toEqual([]);

    act(() => useRestart.getState().configChanged("uhf_power"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Changed: uhf_power");
    received.length = 0;
    await userEvent.click(screen.getByRole("button", { name: "Restart unit" }));
    await waitFor(() => expect(banner()).toBeNull(), { timeout: 5000 });
    expect(received.filter((r) => r.includes("/api/commands/execute"))).toEqual([
      `10.0.0.2 POST /api/commands/execute ${JSON.stringify({ cmd: "REBOOT", args: [] })}`,
    ]);

    act(() => selectUnit(A));
    expect(await screen.findByRole("alert")).toHaveTextContent("Changed: raw_port");
  });
});
