// The Configuration page's part in fleet profiles (issue 32): "Save this unit's settings as a profile", and D12's second
// confirmation before a setting that changes the passings is sent to a unit in timing mode (No sends nothing).
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { BUILT_IN_CONFIG } from "@trc/protocol";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type HttpUnit, stubUnits, unit } from "../../test/profilesUi.fakes.ts";
import { renderPage } from "../../test-utils.tsx";
import { useProfiles } from "../shared/settings/profiles/profileStore.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import ConfigurationPage from "./ConfigurationPage.tsx";

let one: HttpUnit;

async function openPage(mode: HttpUnit["mode"] = "test") {
  one = unit("FINISH", { tag_timeout: 2, uhf_power: "LOW" }, { mode });
  stubUnits({ "10.8.0.1": one });
  renderPage("/configuration", <ConfigurationPage />);
  await waitFor(() => expect(screen.getByTestId("config-state")).toHaveTextContent("REFRESHED"));
}
const setting = (display: string) => screen.getByRole("group", { name: display });
const resultOf = (display: string) => within(setting(display)).getByTestId("save-result");
async function submit(display: string, value: string) {
  fireEvent.change(within(setting(display)).getByLabelText(display, { selector: "input, select" }), {
    target: { value },
  });
  fireEvent.click(within(setting(display)).getByRole("button", { name: "Submit" }));
}

beforeEach(() => selectUnit("http://10.8.0.1"));
afterEach(() => {
  // Unmounted before the units are unstubbed: nothing left running reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  selectUnit("");
  localStorage.clear();
});

describe("Save this unit's settings as a profile", () => {
  it("the settings ticked, with the unit's values, under a name; refused without a name or a setting", async () => {
    await openPage();
    const user = userEvent.setup();
    const panel = screen
      .getByText("Save this unit's settings as a profile")
      .closest("details") as HTMLElement;
    await user.click(within(panel).getByText("Save this unit's settings as a profile"));
    const save = within(panel).getByRole("button", { name: "Save as profile" });
    await user.click(save);
    expect(within(panel).getByRole("alert")).toHaveTextContent(
      "The profile needs a name; The profile holds no settings",
    );
    await user.click(within(panel).getByRole("checkbox", { name: "Tag timeout 2" }));
    await user.click(within(panel).getByRole("checkbox", { name: "UHF power LOW" }));
    await user.type(within(panel).getByLabelText("Profile name"), "Finish line");
    await user.click(save);
    expect(within(panel).getByRole("status")).toHaveTextContent("Saved the profile Finish line (2 settings)");
    expect(useProfiles.getState().profiles).toEqual([
      { name: "Finish line", settings: { tag_timeout: 2, uhf_power: "LOW" } },
    ]);

    await user.click(within(panel).getByRole("checkbox", { name: "All" }));
    await user.click(save);
    expect(within(panel).getByRole("status")).toHaveTextContent(
      `Saved the profile Finish line (${BUILT_IN_CONFIG.length} settings, replacing the one of that name)`,
    );
    expect(useProfiles.getState().profiles[0]?.settings).toEqual(one.values);
  });
});

describe("D12: while the unit is timing", () => {
  it("a setting that changes the passings asks first, naming the unit; No sends nothing, Yes sends", async () => {
    await openPage("timing");
    const user = userEvent.setup();
    await submit("Tag timeout", "9");
    const dialog = await screen.findByRole("dialog", { name: "Change passings while timing?" });
    expect(within(dialog).getByRole("listitem")).toHaveTextContent(/^FINISH \(timing\): tag_timeout$/);
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(resultOf("Tag timeout")).toHaveTextContent(/^Not sent: the unit is timing$/));
    expect(one.sets).toEqual([]);

    await submit("Tag timeout", "9");
    await user.click(await screen.findByRole("button", { name: "Yes, send while timing" }));
    await waitFor(() => expect(resultOf("Tag timeout")).toHaveTextContent(/^200 - Success$/));
    expect(one.sets).toEqual(["tag_timeout=9"]);

    // A setting that does not change the passings is sent without a question.
    await submit("UHF power", "HIGH");
    await waitFor(() => expect(resultOf("UHF power")).toHaveTextContent(/^200 - Success$/));
    expect(one.sets).toEqual(["tag_timeout=9", "uhf_power=HIGH"]);
  });

  it("a unit in test mode is not asked", async () => {
    await openPage("test");
    await submit("Tag timeout", "9");
    await waitFor(() => expect(resultOf("Tag timeout")).toHaveTextContent(/^200 - Success$/));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(one.sets).toEqual(["tag_timeout=9"]);
  });
});
