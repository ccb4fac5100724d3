// The configuration page against a fake unit, as the operator sees it: the unit's refusals (SPEC §8) on the input, a
// failed load and Refresh, a wrong-shaped answer, the limits checked before sending (D5), the auth flag off by default
// and a remote store that fails to describe a setting. These were browser tests (e2e/configuration-errors.spec.ts,
// e2e/configuration-flags.spec.ts and the limits test of e2e/configuration.spec.ts).

import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { API, BUILT_IN_CONFIG, type ConfigValue } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../test-utils.tsx";
import { useFlags } from "../shared/access/flags.ts";
import { useDeviceSettings } from "../shared/unit/deviceSettings.ts";
import ConfigurationPage from "./ConfigurationPage.tsx";

const UNIT = "http://10.8.0.1";

type Answer = { status: number; body: unknown };

/** The unit's values: every built-in setting at its default. */
const defaults = (): Record<string, ConfigValue> =>
  Object.fromEntries(BUILT_IN_CONFIG.map((i) => [i.name_internal, i.value_default]));

/**
 * A fake unit: `config/get` answers `get()` (each call may answer differently), `config/set` answers `set(body)`,
 * anything else `other(path)`. Returns the set bodies it received.
 */
function stubUnit(opts: {
  get?: () => Answer;
  set?: (body: Record<string, unknown>) => Answer;
  other?: (path: string) => Answer;
}) {
  const sets: Record<string, unknown>[] = [];
  const values = defaults();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url);
      const path = `${u.pathname}${u.search}`;
      let a: Answer;
      if (path === API.configGet) a = opts.get?.() ?? { status: 200, body: values };
      else if (path === API.configSet) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sets.push(body);
        a = opts.set?.(body) ?? { status: 200, body: { key: body.key, value: body.value } };
      } else a = opts.other?.(path) ?? { status: 404, body: { error: "not found" } };
      return new Response(JSON.stringify(a.body), { status: a.status });
    }),
  );
  return sets;
}

const setting = (display: string) => screen.getByRole("group", { name: display });
const inputOf = (display: string) =>
  within(setting(display)).getByLabelText(display, { selector: "input, select" }) as HTMLInputElement;
const submitOf = (display: string) => within(setting(display)).getByRole("button", { name: "Submit" });
const resultOf = (display: string) => within(setting(display)).getByTestId("save-result");
const state = () => screen.getByTestId("config-state");

async function openPage(): Promise<void> {
  renderPage("/configuration", <ConfigurationPage />);
  await waitFor(() => expect(state()).toHaveTextContent(/^(REFRESHED|ERROR)$/));
}

beforeEach(() => {
  localStorage.clear();
  useFlags.getState().reload();
  useDeviceSettings.getState().update({ rootAPI: UNIT });
});
afterEach(() => {
  // Unmounted before the unit is unstubbed: nothing left running reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  useFlags.getState().setOverride("config", "useRemoteStore", undefined);
  useDeviceSettings.getState().update({ rootAPI: "" });
});

describe("the unit refuses a set", () => {
  it("a 400 and a 404 read as SPEC §8 says, the input marked Not saved; editing marks it changed again", async () => {
    const refusals: Answer[] = [
      { status: 400, body: { error: "bad value" } },
      { status: 404, body: { error: "no such key" } },
    ];
    const sets = stubUnit({ set: () => refusals.shift() ?? { status: 500, body: {} } });
    await openPage();
    const before = inputOf("Filtered port").value;
    fireEvent.input(inputOf("Filtered port"), { target: { value: "10009" } });
    fireEvent.click(submitOf("Filtered port"));
    await waitFor(() => expect(resultOf("Filtered port")).toHaveTextContent(/^400 - Bad packet$/));
    expect(inputOf("Filtered port")).toHaveAccessibleDescription(/^Not saved/);
    expect(screen.queryByText("Configuration changed without restart!")).not.toBeInTheDocument();

    fireEvent.click(submitOf("Filtered port"));
    await waitFor(() => expect(resultOf("Filtered port")).toHaveTextContent(/^404 - Config not found$/));
    expect(inputOf("Filtered port")).toHaveAccessibleDescription(/^Not saved/);
    expect(setting("Filtered port")).toHaveTextContent(`Current: ${before}`);
    expect(sets.map((s) => [s.key, s.value])).toEqual([
      ["filtered_port", 10009],
      ["filtered_port", 10009],
    ]);

    fireEvent.input(inputOf("Filtered port"), { target: { value: "10010" } });
    expect(inputOf("Filtered port")).toHaveAccessibleDescription(/^Changed, not saved/);
  });
});

describe("loading", () => {
  it("a failed load shows ERROR and names the cause; Refresh loads the settings", async () => {
    // The flash is busy until the operator presses Refresh (StrictMode may load twice on opening).
    let busy = true;
    stubUnit({
      get: () => (busy ? { status: 500, body: { error: "flash busy" } } : { status: 200, body: defaults() }),
    });
    await openPage();
    expect(state()).toHaveTextContent("ERROR");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Could not load the configuration: HTTP 500: flash busy",
    );
    busy = false;
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(state()).toHaveTextContent("REFRESHED"));
    expect(setting("Raw port")).toBeVisible();
  });

  it("a wrong-shaped answer keeps what is valid, names the rest, and shows device text as text", async () => {
    stubUnit({
      get: () => ({
        status: 200,
        body: { raw_port: null, gps_correction: "yes", uhf_power: "LOW", sta_ssid: "<b>bold</b>" },
      }),
    });
    await openPage();
    const issues = screen.getByText("Some of the device's answers were not as expected", { exact: false })
      .parentElement as HTMLElement;
    expect(issues).toHaveTextContent("raw_port");
    expect(issues).toHaveTextContent('gps_correction: the device reports "yes", expected a boolean');
    expect(setting("Raw port")).toHaveTextContent("Current: (not reported)");
    expect(setting("GPS correction")).toHaveTextContent("Current: (not reported)");
    expect(setting("UHF power")).toHaveTextContent("Current: LOW");
    expect(setting("Network name")).toHaveTextContent("Current: <b>bold</b>");
    expect(setting("Network name").querySelector("b")).toBeNull();
  });
});

describe("limits are checked before sending (D5)", () => {
  it("the reason shows under the input, Submit is disabled, and Enter sends nothing", async () => {
    const sets = stubUnit({});
    await openPage();
    fireEvent.input(inputOf("Raw port"), { target: { value: "70000" } });
    expect(setting("Raw port")).toHaveTextContent("Must be at most 65535");
    expect(submitOf("Raw port")).toBeDisabled();
    fireEvent.submit(inputOf("Raw port"));
    fireEvent.input(inputOf("Static IP"), { target: { value: "192.168.1.300" } });
    expect(setting("Static IP")).toHaveTextContent("Must be an IPv4 address like 192.168.1.50");
    expect(submitOf("Static IP")).toBeDisabled();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(sets).toEqual([]);
  });
});

describe("the passing filter in words (D12)", () => {
  it("beside Reads to be sent and Tag timeout, from the unit's values, and following a saved value", async () => {
    stubUnit({ get: () => ({ status: 200, body: { ...defaults(), reads_2b_sent: "FS", tag_timeout: 5 } }) });
    await openPage();
    const words = "A tag's passing is its first read; it counts again after 5 s unseen";
    expect(within(setting("Reads to be sent")).getByTestId("setting-note")).toHaveTextContent(words);
    expect(within(setting("Tag timeout")).getByTestId("setting-note")).toHaveTextContent(words);
    // Read out with the input, not only seen beside it.
    expect(inputOf("Reads to be sent")).toHaveAccessibleDescription(words);
    expect(within(setting("Raw port")).queryByTestId("setting-note")).not.toBeInTheDocument();
    fireEvent.input(inputOf("Tag timeout"), { target: { value: "90" } });
    fireEvent.click(submitOf("Tag timeout"));
    await waitFor(() => expect(resultOf("Tag timeout")).toHaveTextContent(/^200 - Success$/));
    expect(within(setting("Reads to be sent")).getByTestId("setting-note")).toHaveTextContent(
      "A tag's passing is its first read; it counts again after 1 min 30 s unseen",
    );
  });

  it("a unit that does not report both values: no words", async () => {
    const { tag_timeout: _, ...values } = defaults();
    stubUnit({ get: () => ({ status: 200, body: values }) });
    await openPage();
    expect(setting("Reads to be sent")).toHaveTextContent("Current: FS_LS");
    expect(screen.queryByTestId("setting-note")).not.toBeInTheDocument();
  });
});

describe("configuration feature flags", () => {
  it("config auth off by default: no authentication status, and the set carries no credentials", async () => {
    const sets = stubUnit({});
    await openPage();
    expect(screen.queryByRole("region", { name: "Authentication status" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Configure" })).toHaveAttribute("href", "/auth");
    fireEvent.input(inputOf("Filtered port"), { target: { value: "10009" } });
    fireEvent.click(submitOf("Filtered port"));
    await waitFor(() => expect(resultOf("Filtered port")).toHaveTextContent(/^200 - Success$/));
    expect(Object.keys(sets[0] ?? {}).sort()).toEqual(["key", "time", "value"]);
  });

  it("the remote store: a setting the unit fails to describe is named, the others still show", async () => {
    useFlags.getState().setOverride("config", "useRemoteStore", true);
    stubUnit({
      other: (path) => {
        if (path === API.configQuantity) return { status: 200, body: { len: BUILT_IN_CONFIG.length } };
        const index = Number(/index=(\d+)/.exec(path)?.[1]);
        return index === 0
          ? { status: 500, body: { error: "oops" } }
          : { status: 200, body: BUILT_IN_CONFIG[index] };
      },
    });
    renderPage("/configuration", <ConfigurationPage />);
    await waitFor(() => expect(state()).toHaveTextContent("REFRESHED"), { timeout: 5_000 });
    expect(screen.getByText("Setting #0: HTTP 500: oops")).toBeVisible();
    expect(setting("UHF power")).toBeVisible();
  });
});
