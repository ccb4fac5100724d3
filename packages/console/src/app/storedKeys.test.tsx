// Every key the console writes to browser storage is one of shared/storageKeys.ts, and the Settings page names it.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useCommands } from "../commands/commandsStore.ts";
import { useFleetBrokers } from "../fleet/brokers.ts";
import { useFleetUnits } from "../fleet/units.ts";
import { LocalStorageSection } from "../settings/LocalStorageSection.tsx";
import { useAlarms } from "../shared/alarmStore.ts";
import { useAuth } from "../shared/authStore.ts";
import { useFlags } from "../shared/flags.ts";
import { useReadySettings } from "../shared/readySettings.ts";
import { useRestart } from "../shared/restartStore.ts";
import { LOCAL_KEY_MEANINGS, LOCAL_KEYS, SESSION_KEY_MEANINGS, SESSION_KEYS } from "../shared/storageKeys.ts";
import { selectUnit } from "../shared/unit.ts";

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
    useRestart.getState().configChanged("tag_timeout", 1000);
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
