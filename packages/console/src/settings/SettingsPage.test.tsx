// The developer settings page on a fake clock, as the operator sees it (SPEC §4, §9): Submit's spinner for 500 ms, then
// its check for 500 ms, then Submit again; a refused address says why and stores nothing; the wipe empties local storage
// at once and reloads the page 500 ms later. The browser test (e2e/settings.spec.ts) keeps the switch to a real unit.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import SettingsPage from "./SettingsPage.tsx";

const section = (name: string) => screen.getByRole("region", { name });
const endpoint = () => section("Query Endpoint");
/** The form's one button: its name is what it shows (Submit, the spinner's "Saving", the check's "Saved"). */
const submit = () => within(endpoint()).getByRole("button");
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const storedRootAPI = () => JSON.parse(localStorage.getItem("generalSettings") ?? "{}").rootAPI ?? "";

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  useDeviceSettings.getState().reload();
  // Whatever unit the page asks about answers as a uhf decoder.
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ deviceName: "DECODER-09", mode: "uhf" }), { status: 200 }),
    ),
  );
});
afterEach(() => {
  // Unmounted before the unit is unstubbed: nothing left running reaches the real network.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  useDeviceSettings.getState().reload();
});

describe("Query Endpoint's Submit", () => {
  it("spins 500 ms, shows the check 500 ms, then reads Submit again; the address is stored at once", async () => {
    renderPage("/settings", <SettingsPage />);
    const input = within(endpoint()).getByRole("textbox", { name: "Device address" });
    fireEvent.change(input, { target: { value: "10.9.0.2:8081" } });
    expect(within(endpoint()).getByTestId("intended-url")).toHaveTextContent("http://10.9.0.2:8081/api/");
    expect(submit()).toHaveAccessibleName("Submit");
    fireEvent.click(submit());
    expect(submit()).toHaveAccessibleName("Saving");
    expect(submit()).toBeDisabled();
    expect(storedRootAPI()).toBe("http://10.9.0.2:8081");
    await advance(499);
    expect(submit()).toHaveAccessibleName("Saving");
    await advance(1);
    expect(submit()).toHaveAccessibleName("Saved");
    expect(submit()).toBeDisabled();
    // The form reads the stored settings again: the canonical form of what was typed.
    expect(input).toHaveValue("http://10.9.0.2:8081");
    expect(within(endpoint()).getByTestId("current-endpoint")).toHaveTextContent("http://10.9.0.2:8081");
    await advance(499);
    expect(submit()).toHaveAccessibleName("Saved");
    await advance(1);
    expect(submit()).toHaveAccessibleName("Submit");
    expect(submit()).toBeEnabled();
  });

  it("an invalid address is refused with the reason, and nothing is stored", async () => {
    renderPage("/settings", <SettingsPage />);
    const before = within(endpoint()).getByTestId("current-endpoint").textContent;
    fireEvent.change(within(endpoint()).getByRole("textbox", { name: "Device address" }), {
      target: { value: "ftp://10.0.0.9" },
    });
    expect(within(endpoint()).getByTestId("intended-url")).toHaveTextContent(
      "Use an http:// or https:// address",
    );
    fireEvent.click(submit());
    expect(within(endpoint()).getByRole("alert")).toHaveTextContent("Use an http:// or https:// address");
    expect(submit()).toHaveAccessibleName("Submit");
    await advance(1_000);
    expect(storedRootAPI()).toBe("");
    expect(within(endpoint()).getByTestId("current-endpoint")).toHaveTextContent(before ?? "");
  });
});

describe("Wipe local storage", () => {
  it("empties local storage at once, says so, and reloads the page 500 ms later", async () => {
    const reload = vi.spyOn(window.location, "reload").mockImplementation(() => {});
    localStorage.setItem("e2eMarker", '{"left":"behind"}');
    renderPage("/settings", <SettingsPage />);
    expect(within(section("Local Storage")).getByRole("row", { name: /e2eMarker/ })).toBeVisible();
    fireEvent.click(within(section("Local Storage")).getByRole("button", { name: "Wipe local storage" }));
    expect(localStorage.length).toBe(0);
    expect(within(section("Local Storage")).getByRole("status")).toHaveTextContent(
      "Local storage wiped, reloading...",
    );
    expect(
      within(section("Local Storage")).getByRole("button", { name: "Wipe local storage" }),
    ).toBeDisabled();
    await advance(499);
    expect(reload).not.toHaveBeenCalled();
    await advance(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
