// The Auth page's password test on a fake clock (SPEC §4, §7), as the operator sees it: after Test Password the button
// spins, the unit is asked exactly 0.5 s later (not at 499 ms), then the verdict and the level; the unit's password
// limit (429) says the wait and keeps the level. The browser tests timed the first from the unit's request log
// (e2e/auth.spec.ts) and drove the second against a real unit (e2e/auth-limit.spec.ts, removed).
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import { useAuth } from "../shared/access/authStore.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import AuthPage from "./AuthPage.tsx";

const UNIT = "http://10.9.2.1";
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  useAuth.getState().useNone();
  useDeviceSettings.getState().update({ rootAPI: UNIT });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useAuth.getState().useNone();
  useDeviceSettings.getState().update({ rootAPI: "" });
});

describe("Test Password on a fake clock", () => {
  it("asks the unit exactly 500 ms after the click, spinning meanwhile, then shows the verdict and the level", async () => {
    const asked: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        asked.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ level: 20 }), { status: 200 });
      }),
    );
    renderPage("/auth", <AuthPage />);
    fireEvent.change(screen.getByLabelText("Password", { selector: "input[type=password]" }), {
      target: { value: "owner-pass" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Test Password" }));
    await advance(0);
    expect(screen.getByRole("button", { name: /Test Password/ })).toBeDisabled();
    expect(screen.getByRole("status", { name: "Testing the password" })).toBeInTheDocument();
    await advance(499);
    expect(asked).toEqual([]);
    await advance(1);
    expect(asked).toEqual([{ auth_pw: "owner-pass" }]);
    // The answer's way through the client's gate and the mutation: a few ticks, no rule of time.
    await advance(50);
    expect(screen.getByText(/Password test was successful, validated$/, { selector: "span" })).toBeVisible();
    expect(screen.getByRole("img", { name: "Passed" })).toHaveTextContent("✓");
    expect(screen.getByRole("button", { name: "Test Password" })).toBeEnabled();
    expect(useAuth.getState().level).toBe(20);
  });

  it("the unit's password limit (429): the wait from Retry-After, in the error style, and the level kept", async () => {
    act(() => {
      useAuth.getState().setPassword("dev-pass");
      useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 150);
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: "Too many wrong passwords: try again in 58 s" }), {
            status: 429,
            headers: { "Retry-After": "57" },
          }),
      ),
    );
    renderPage("/auth", <AuthPage />);
    fireEvent.click(screen.getByRole("button", { name: "Test Password" }));
    await advance(600);
    const message = screen.getByText(/Too many wrong passwords: try again in 57 s$/, { selector: "span" });
    expect(message).toHaveClass("error-text");
    expect(screen.getByRole("img", { name: "Failed" })).toHaveTextContent("✗");
    const status = screen.getByRole("region", { name: "Authentication status" });
    expect(status).toHaveTextContent("Level: Developer (150)");
    expect(status).toHaveTextContent("Auth: Pass");
    expect(screen.getByRole("radio", { name: "Password" })).toBeChecked();
  });
});
