// Every key the console writes to browser storage is one of shared/store/storageKeys.ts, and the Settings page names it; the
// stores read nothing when imported, and resetAllStores starts every one of them again.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCommands } from "../commands/commandsStore.ts";
import { useFleetBrokers } from "../fleet/brokers.ts";
import { useFleetUnits } from "../fleet/units.ts";
import { LocalStorageSection } from "../settings/LocalStorageSection.tsx";
import { LOCAL_KEY_MEANINGS, SESSION_KEY_MEANINGS } from "../settings/storageKeyMeanings.ts";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import { useAlarms } from "../shared/alarms/alarmStore.ts";
import { history, useTelemetryHistory } from "../shared/readings/telemetryHistory.ts";
import { useReadySettings } from "../shared/ready/readySettings.ts";
import { useProfiles } from "../shared/settings/profiles/profileStore.ts";
import { resetAllStores } from "../shared/store/lazyStore.ts";
import { LOCAL_KEYS, SESSION_KEYS } from "../shared/store/storageKeys.ts";
import { useRestart } from "../shared/unit/restartStore.ts";
import { selectUnit } from "../shared/unit/unit.ts";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("browser storage", () => {
  it("what the stores write lands under the listed keys only, and each listed key is named on the Settings page", () => {
    localStorage.clear();
    sessionStorage.clear();
    selectUnit("HTTP://10.0.0.9/");
    useFlags.getState().setOverride("commands", "useAuth", false);
    useFleetUnits.getState().add("10.0.0.8");
    useFleetBrokers.getState().add("ws://10.0.0.7:9001", "judge", "broker-secret");
    useAlarms.getState().setSound(true);
    useAlarms.getState().setNoReadsMinutes(3);
    useReadySettings.getState().setRaceHours(6.5);
    useReadySettings.getState().setTimingNeeded("HTTP://10.0.0.9/", false);
    useRestart.getState().configChanged("tag_timeout", 1000);
    useProfiles.getState().save({ name: "Event", settings: { tag_timeout: 5 } });
    useCommands.getState().addEntry({
      id: "1",
      name: "Reboot",
      cmd: "REBOOT",
      args: [],
      shownPacket: "{}",
      areAllArgsValid: true,
      authType: "NONE",
      authLevel: 10,
      timeSent: null,
      timeReceived: null,
      responseHeader: "",
      responseBody: "",
      state: "NOTSENT",
      outcome: "PENDING",
    });
    useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 20);

    const written = Object.keys(localStorage).sort();
    expect(written).toEqual(Object.values(LOCAL_KEYS).sort());
    expect(Object.keys(sessionStorage).sort()).toEqual(Object.values(SESSION_KEYS).sort());
    expect(localStorage.getItem("fleetBrokers")).toBe('[{"url":"ws://10.0.0.7:9001","username":"judge"}]');
    expect(localStorage.getItem("generalSettings")).toContain('"rootAPI":"http://10.0.0.9"');
    expect(localStorage.getItem("fleet")).toBe('["http://10.0.0.8"]');
    expect(localStorage.getItem("alarmNoReadsMinutes")).toBe("3");
    expect(localStorage.getItem("readyRaceHours")).toBe("6.5");
    expect(localStorage.getItem("readyTimingNotNeeded")).toBe('["http://10.0.0.9"]');
    expect(localStorage.getItem("fleetProfiles")).toBe(
      '{"profiles":[{"name":"Event","settings":{"tag_timeout":5}}],"compared":null}',
    );
    expect(JSON.stringify(localStorage)).not.toContain("pass");

    render(<LocalStorageSection />);
    const named = within(screen.getByLabelText("Keys the console writes"));
    for (const key of Object.values(LOCAL_KEYS)) {
      expect(named.getByText(key, { selector: "dt" })).toBeInTheDocument();
      expect(named.getByText(LOCAL_KEY_MEANINGS[key], { selector: "dd" })).toBeInTheDocument();
    }
    for (const key of Object.values(SESSION_KEYS)) {
      expect(named.getByText(key, { selector: "dt" })).toBeInTheDocument();
      expect(named.getByText(SESSION_KEY_MEANINGS[key], { selector: "dd" })).toBeInTheDocument();
    }
  });
});

describe("the stores", () => {
  it("importing them reads no storage: each reads its own stored value on first use", async () => {
    localStorage.setItem(LOCAL_KEYS.fleet, '["http://10.0.0.11"]');
    const getItem = vi.spyOn(localStorage, "getItem");
    const getSessionItem = vi.spyOn(sessionStorage, "getItem");
    vi.resetModules();
    const [units] = await Promise.all([
      import("../fleet/units.ts"),
      import("../fleet/brokers.ts"),
      import("../commands/commandsStore.ts"),
      import("../shared/alarms/alarmStore.ts"),
      import("../shared/access/authStore.ts"),
      import("../shared/unit/deviceSettings.ts"),
      import("../shared/access/flags.ts"),
      import("../shared/settings/profiles/profileStore.ts"),
      import("../shared/ready/readySettings.ts"),
      import("../shared/unit/restartStore.ts"),
      import("../shared/readings/telemetryHistory.ts"),
    ]);
    expect(getItem).not.toHaveBeenCalled();
    expect(getSessionItem).not.toHaveBeenCalled();
    expect(units.useFleetUnits.getState().added).toEqual(["http://10.0.0.11"]);
    expect(getItem.mock.calls).toEqual([[LOCAL_KEYS.fleet]]);
    expect(Object.keys(localStorage)).toEqual([LOCAL_KEYS.fleet]);
    getItem.mockRestore();
    getSessionItem.mockRestore();
  });

  it("resetAllStores: each starts again from what is stored, as after a page load", () => {
    useFlags.getState().setOverride("commands", "useAuth", false);
    useFleetUnits.getState().add("10.0.0.8");
    useAlarms.getState().update([{ id: "hot", text: "Hot: cpu (71.0 °C)" }], 1);
    useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 20);
    useTelemetryHistory.getState().record("", 1, { battery: 50 });
    localStorage.clear();
    localStorage.setItem(LOCAL_KEYS.alarmSound, "true");
    sessionStorage.clear();
    resetAllStores();
    expect(useFlags.getState().overrides).toEqual({});
    expect(useFleetUnits.getState().added).toEqual([]);
    expect(useAlarms.getState()).toMatchObject({ list: [], sound: true });
    expect(useAuth.getState()).toMatchObject({ type: "NONE", level: 10 });
    expect(history("battery")).toEqual([]);
  });
});
