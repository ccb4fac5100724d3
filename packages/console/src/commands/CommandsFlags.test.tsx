// The Commands page behind its feature flags (D8) and the unit's password limit, as the operator sees them: the auth
// flag off, execution regardless of level (the unit's 401 and 404 as badges), the remote store with a bad answer, and
// the wait of a 429 under Execute. These were browser tests (e2e/commands-flags.spec.ts, e2e/auth-limit.spec.ts).

import { act, fireEvent, screen, within } from "@testing-library/react";
import { API, BUILT_IN_COMMANDS } from "@trc/protocol";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import CommandsPage from "./CommandsPage.tsx";
import { advance, onFakeClockWithUnit } from "./commandsTestClock.ts";

const UNIT = "http://10.7.0.2";
const BANNER = "Insufficient permissions for this command! Please authenticate";

const executeButton = () => within(screen.getByRole("region", { name: "Execute" })).getByRole("button");
const row = (name: RegExp) => screen.getByRole("button", { name });
const entries = () => screen.queryAllByTestId("history-entry");

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** A unit answering each path (with its query) from `answers`; the paths asked, in order. */
function stubUnit(answers: (path: string, body: unknown) => Answer) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url);
      const path = `${u.pathname}${u.search}`;
      asked.push(path);
      const a = answers(path, init?.body ? JSON.parse(String(init.body)) : undefined);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: a.headers });
    }),
  );
  return asked;
}

/** Clicks Execute and lets the 2 s send delay and the answer pass on the fake clock. */
async function execute(): Promise<void> {
  fireEvent.click(executeButton());
  await advance(2_100);
}

onFakeClockWithUnit(UNIT);
afterEach(() => {
  for (const name of ["useAuth", "allowExecutionRegardless", "useRemoteStore"])
    useFlags.getState().setOverride("commands", name, undefined);
  useAuth.getState().useNone();
});

describe("commands feature flags", () => {
  it("with the auth flag off there is no status bar and every command may run", () => {
    useFlags.getState().setOverride("commands", "useAuth", false);
    renderPage("/commands", <CommandsPage />);
    expect(screen.getByRole("link", { name: "16 / 16 Available" })).toBeVisible();
    expect(screen.queryByText("No auth configured!")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Authorize" })).not.toBeInTheDocument();
    fireEvent.click(row(/^Force reboot tasks/));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    expect(executeButton()).toHaveAccessibleName("Execute");
    expect(executeButton()).toBeEnabled();
  });

  it("with execution regardless allowed, the banner stays but Execute runs; the unit's 401 and 404 show as badges with the body", async () => {
    useFlags.getState().setOverride("commands", "allowExecutionRegardless", true);
    const sent: unknown[] = [];
    stubUnit((_path, body) => {
      sent.push(body);
      const cmd = (body as { cmd: string }).cmd;
      return cmd === "GET_PW"
        ? { status: 401, body: { error: "GET_PW needs level 20" } }
        : { status: 404, body: { error: "Unknown command: OLD_BAD_CMD" } };
    });
    renderPage("/commands", <CommandsPage />);
    fireEvent.click(row(/^Get Password/));
    expect(screen.getByText(BANNER)).toBeVisible();
    expect(executeButton()).toHaveAccessibleName("Execute");
    expect(executeButton()).toBeEnabled();
    await execute();
    expect(sent).toEqual([{ cmd: "GET_PW", args: [] }]);
    const denied = entries()[0] as HTMLElement;
    expect(within(denied).getByText("401 Unauthorized", { exact: true })).toBeVisible();
    expect(denied.querySelector("pre")).toHaveTextContent("GET_PW needs level 20");

    fireEvent.click(row(/^Old Bad Cmd/));
    await execute();
    expect(entries()).toHaveLength(2);
    const missing = entries()[0] as HTMLElement;
    expect(within(missing).getByText("404 Cmd Not Found", { exact: true })).toBeVisible();
    expect(missing.querySelector("pre")).toHaveTextContent("Unknown command: OLD_BAD_CMD");
  });

  it("the remote store reads the count, then each description 50 ms apart; a bad answer is skipped and named", async () => {
    useFlags.getState().setOverride("commands", "useRemoteStore", true);
    const asked = stubUnit((path) => {
      if (path === API.commandQuantity) return { status: 200, body: { len: BUILT_IN_COMMANDS.length } };
      const index = Number(/index=(\d+)/.exec(path)?.[1]);
      // The first command's description comes without its name.
      if (index === 0) return { status: 200, body: { desc: "no name", cmd: "X", perm: 5, args: [] } };
      return { status: 200, body: BUILT_IN_COMMANDS[index] };
    });
    const infos = () => asked.filter((p) => p.startsWith("/api/commands/mapping/getInfo")).length;
    renderPage("/commands", <CommandsPage />);
    await advance(0);
    expect(screen.getByText(/^Loading\.\.\.\d+ \/ 16$/)).toBeVisible();
    // The count, then one description at a time, 50 ms apart.
    expect(asked[0]).toBe(API.commandQuantity);
    const first = infos();
    expect(first).toBeGreaterThanOrEqual(1);
    await advance(49);
    expect(infos()).toBe(first);
    await advance(1);
    expect(infos()).toBe(first + 1);
    await advance(16 * 50);
    // Every index asked (StrictMode's first mount may have started a read it then dropped).
    expect(new Set(asked.filter((p) => p.startsWith("/api/commands/mapping/getInfo"))).size).toBe(16);
    expect(screen.getByRole("link", { name: "9 / 15 Available" })).toBeVisible();
    const skipped = screen.getByText("1 bad answer(s) skipped");
    fireEvent.click(skipped);
    expect(screen.getByText("Command #0: answer without name")).toBeVisible();
  });
});

describe("the unit's password limit on the Commands page", () => {
  it("a 429 says the wait from Retry-After under Execute, and the level stays", async () => {
    act(() => {
      useAuth.getState().setPassword("dev-pass");
      useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 150);
    });
    stubUnit(() => ({
      status: 429,
      body: { error: "Too many wrong passwords: try again in 58 s" },
      headers: { "Retry-After": "57" },
    }));
    renderPage("/commands", <CommandsPage />);
    fireEvent.click(row(/^Force reboot tasks/));
    await execute();
    expect(screen.getByRole("alert")).toHaveTextContent(/^Too many wrong passwords: try again in 57 s$/);
    const status = screen.getByRole("region", { name: "Authentication status" });
    expect(status).toHaveTextContent("Level: Developer (150)");
    expect(status).toHaveTextContent("Auth: Pass");
  });
});
