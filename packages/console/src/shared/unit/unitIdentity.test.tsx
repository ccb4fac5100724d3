// The chosen unit's identity goes ahead of the page's reads in the unit's queue: the header's name and mode first.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { startDashboard } from "../readings/telemetryQueries.ts";
import { selectUnit, useUnitIdentity } from "./unit.ts";

const UNIT = "http://10.7.0.1";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  selectUnit("");
});

function Header() {
  const identity = useUnitIdentity();
  return <span>{identity.data?.deviceName ?? "…"}</span>;
}

it("is sent as soon as a slot is free, before the dashboard's reads queued earlier", async () => {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string) => {
      const path = new URL(url).pathname;
      asked.push(path);
      const body = path === "/api/config/deviceName" ? { deviceName: "DECODER-01", mode: "uhf" } : {};
      return new Promise<Response>((resolve) => {
        pending.push(() => resolve(new Response(JSON.stringify(body), { status: 200 })));
      });
    }),
  );
  selectUnit(UNIT);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The entry queues the dashboard's datasets before the first render: two leave, the rest wait.
  startDashboard(client, UNIT, "uhf");
  await act(async () => {});
  expect(asked).toHaveLength(2);
  render(
    <QueryClientProvider client={client}>
      <Header />
    </QueryClientProvider>,
  );
  await act(async () => {
    pending.shift()?.();
  });
  expect(asked[2]).toBe("/api/config/deviceName");
});
