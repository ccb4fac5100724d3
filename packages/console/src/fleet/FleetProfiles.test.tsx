// The Fleet page's profiles as an operator meets them, against fake units: the Profile column's words, a unit's
// differences with their values, Apply's lines (applied, conflict, refused), Restart these units, Undo, D12's second
// confirmation (No sends nothing), an imported file refused with its reasons, a profile edited by hand.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type HttpUnit, stubUnits, unit } from "../../test/profilesUi.fakes.ts";
import { renderPage } from "../../test-utils.tsx";
import { useProfiles } from "../shared/settings/profiles/profileStore.ts";
import FleetPage from "./FleetPage.tsx";
import { FLEET_KEY, thisUnit } from "./units.ts";

const EVENT = { name: "Event", settings: { buzzer_volume: "MEDIUM", tag_timeout: 5, uhf_power: "HIGH" } };
let units: Record<string, HttpUnit>;
let start: HttpUnit;
let finish: HttpUnit;
let split: HttpUnit;

beforeEach(() => {
  localStorage.setItem(FLEET_KEY, JSON.stringify(["http://10.0.0.2", "http://10.0.0.3", "http://10.0.0.9"]));
  start = unit("START", {}, { mode: "test" });
  finish = unit("FINISH", { tag_timeout: 2 }, { mode: "timing" });
  split = unit("SPLIT", { tag_timeout: 2, buzzer_volume: "HIGH", uhf_power: "LOW" }, { mode: "test" });
  units = { [new URL(thisUnit()).host]: start, "10.0.0.2": finish, "10.0.0.3": split };
  stubUnits(units);
});
afterEach(() => {
  // Unmounted before the units are unstubbed: nothing left running reaches the real network.
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const rowOf = (name: string) => screen.getByText(name, { selector: "strong" }).closest("tr") as HTMLElement;
const cellOf = (name: string) => rowOf(name).querySelector('[data-col="profile"]') as HTMLElement;
const words = (name: string) =>
  cellOf(name).querySelector("summary")?.textContent ?? cellOf(name).textContent;
const profiles = () => within(screen.getByRole("region", { name: "Profiles" }));
const gets = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith("/api/config/get")).length;
/** Each unit's line and its settings' lines, as shown. */
const lines = (kind: string) =>
  [...document.querySelectorAll(`[data-kind="${kind}"] > li`)].map((li) => [
    li.querySelector("strong")?.textContent,
    ...[...li.querySelectorAll("li")].map((s) => s.textContent),
  ]);

async function openCompared(user = userEvent.setup()) {
  useProfiles.getState().save(EVENT);
  useProfiles.getState().compare("Event");
  renderPage("/fleet", <FleetPage />);
  await waitFor(() => expect(words("SPLIT")).toBe("3 differ"));
  await waitFor(() =>
    expect(rowOf("FINISH").querySelector('[data-col="timing"]')).toHaveTextContent("Timing"),
  );
  return user;
}

describe("the Profile column", () => {
  it("reads values only once a profile is chosen; says matches, N differ, — for a unit not read; lists each difference", async () => {
    useProfiles.getState().save(EVENT);
    renderPage("/fleet", <FleetPage />);
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf("SPLIT")).toHaveAttribute("data-state", "online"));
    expect(screen.queryByTitle(/^Against the profile/)).toBeNull();
    expect(gets()).toBe(0);

    await user.selectOptions(screen.getByLabelText("Compare with"), "Event");
    expect(screen.getByTitle("Against the profile Event")).toHaveTextContent(/^Profile$/);
    await waitFor(() => expect(words("START")).toBe("matches"));
    await waitFor(() => expect(words("FINISH")).toBe("1 differs"));
    expect(words("SPLIT")).toBe("3 differ");
    await waitFor(() =>
      expect(cellOf("http://10.0.0.9")).toHaveAttribute("title", "The device cannot be reached"),
    );
    expect(words("http://10.0.0.9")).toBe("—");
    expect(gets()).toBe(4);

    await user.click(within(cellOf("SPLIT")).getByText("3 differ"));
    const table = [...cellOf("SPLIT").querySelectorAll("tr")].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(table).toEqual([
      ["Setting", "Profile", "Unit"],
      ["buzzer_volume", "MEDIUM", "HIGH"],
      ["tag_timeout", "5", "2"],
      ["uhf_power", "HIGH", "LOW"],
    ]);
    await user.click(screen.getByRole("button", { name: "Compare again" }));
    await waitFor(() => expect(gets()).toBe(8));
  });
});

describe("Apply", () => {
  it("per unit its lines: applied, a value changed meanwhile in the conflict words, a refusal with the unit's reason; then Restart these units", async () => {
    const user = await openCompared();
    split.refuse = (key) =>
      key === "uhf_power"
        ? {
            status: 401,
            body: { error: "Setting uhf_power needs level 20 (Owner); this request has level 10" },
          }
        : undefined;
    split.values.buzzer_volume = "LOW"; // another operator, between the comparison and Apply
    await user.click(screen.getByRole("checkbox", { name: "Pick SPLIT" }));
    await user.click(screen.getByRole("button", { name: "Apply to 1 unit" }));
    await waitFor(() => expect(lines("Apply")[0]?.[0]).toBe("SPLIT: refused, needs restart"));
    expect(lines("Apply")).toEqual([
      [
        "SPLIT: refused, needs restart",
        "buzzer_volume: Changed on the unit since you opened this page: HIGH → LOW",
        "tag_timeout: 2 → 5 applied",
        "uhf_power: refused: 401 - Unauthorized (Setting uhf_power needs level 20 (Owner); this request has level 10)",
      ],
    ]);
    expect(split.sets).toEqual(["tag_timeout=5"]);
    expect(finish.sets).toEqual([]);
    // Compared again after the Apply.
    await waitFor(() => expect(words("SPLIT")).toBe("2 differ"));

    expect(screen.getByText(/^Needs a restart: SPLIT/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Restart these units" }));
    expect(await screen.findByText("SPLIT: restarting")).toBeVisible();
    expect(split.commands).toEqual(["REBOOT"]);
    expect(screen.queryByText(/^Needs a restart/)).toBeNull();
  });

  it("Undo puts back the values it changed, unit by unit, and not one changed on the unit since", async () => {
    const user = await openCompared();
    await user.click(screen.getByRole("checkbox", { name: "Pick SPLIT" }));
    await user.click(screen.getByRole("button", { name: "Apply to 1 unit" }));
    await waitFor(() => expect(lines("Apply")[0]?.[0]).toBe("SPLIT: applied, needs restart"));
    expect(split.values).toMatchObject(EVENT.settings);
    split.values.uhf_power = "MEDIUM"; // changed on the unit after the Apply
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(lines("Undo")[0]?.[0]).toBe("SPLIT: not all applied: changed on the unit, needs restart"),
    );
    expect(lines("Undo")).toEqual([
      [
        "SPLIT: not all applied: changed on the unit, needs restart",
        "buzzer_volume: MEDIUM → HIGH applied",
        "tag_timeout: 5 → 2 applied",
        "uhf_power: Changed on the unit since you opened this page: HIGH → MEDIUM",
      ],
    ]);
    expect(split.values).toMatchObject({ buzzer_volume: "HIGH", tag_timeout: 2, uhf_power: "MEDIUM" });
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("a unit in timing mode: asked first, naming it and its settings; No sends nothing, Yes sends", async () => {
    const user = await openCompared();
    await user.click(screen.getByRole("button", { name: "Select all that differ" }));
    await user.click(screen.getByRole("button", { name: "Apply to 2 units" }));
    const dialog = await screen.findByRole("dialog", { name: "Change passings while timing?" });
    expect(within(dialog).getByRole("listitem")).toHaveTextContent(/^FINISH \(timing\): tag_timeout$/);
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect([finish.sets, split.sets, lines("Apply")]).toEqual([[], [], []]);

    await user.click(screen.getByRole("button", { name: "Apply to 2 units" }));
    await user.click(await screen.findByRole("button", { name: "Yes, send while timing" }));
    await waitFor(() =>
      expect(lines("Apply").map((l) => l[0])).toEqual([
        "FINISH: applied, needs restart",
        "SPLIT: applied, needs restart",
      ]),
    );
    expect(finish.sets).toEqual(["tag_timeout=5"]);
  });
});

describe("profiles kept in the browser", () => {
  it("an imported file that is not a profile, or breaks D5's limits, is refused with every reason", async () => {
    renderPage("/fleet", <FleetPage />);
    const user = userEvent.setup();
    const input = screen.getByLabelText("Import a profile");
    await user.upload(input, new File(["{oops"], "notes.json", { type: "application/json" }));
    expect(await profiles().findByRole("alert")).toHaveTextContent(
      "notes.json is not imported:The file is not JSON.",
    );
    const bad = { trcProfile: 1, name: "", settings: { tag_timeout: 4000, colour: "red" } };
    await user.upload(input, new File([JSON.stringify(bad)], "bad.json", { type: "application/json" }));
    await waitFor(() =>
      expect(profiles().getByRole("alert")).toHaveTextContent(/^bad\.json is not imported:/),
    );
    expect([...profiles().getByRole("alert").querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "The profile needs a name",
      "tag_timeout: Must be at most 3600",
      "colour: Unknown setting",
    ]);
    expect(useProfiles.getState().profiles).toEqual([]);

    const good = { trcProfile: 1, ...EVENT };
    await user.upload(
      input,
      new File([JSON.stringify(good)], "profile-Event.json", { type: "application/json" }),
    );
    expect(await screen.findByText("Imported the profile Event")).toBeVisible();
    expect(screen.getByLabelText("Compare with")).toHaveValue("Event");
    expect(JSON.parse(localStorage.getItem("fleetProfiles") ?? "")).toEqual({
      profiles: [EVENT],
      compared: "Event",
    });
  });

  it("edited by hand with the Configuration page's limits and reasons; Delete asks first", async () => {
    renderPage("/fleet", <FleetPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "New profile" }));
    await user.type(screen.getByLabelText("Profile name"), "Hand");
    await user.selectOptions(screen.getByLabelText("Setting to add"), "tag_timeout");
    await user.click(screen.getByRole("button", { name: "Add setting" }));
    const timeout = screen.getByLabelText("Tag timeout tag_timeout");
    expect(timeout).toHaveValue(5);
    await user.clear(timeout);
    await user.type(timeout, "4000");
    expect(timeout).toHaveAccessibleDescription("Must be at most 3600");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(profiles().getByRole("alert")).toHaveTextContent("tag_timeout: Must be at most 3600");
    expect(useProfiles.getState().profiles).toEqual([]);
    await user.clear(timeout);
    await user.type(timeout, "9");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(useProfiles.getState().profiles).toEqual([{ name: "Hand", settings: { tag_timeout: 9 } }]);
    expect(screen.getByLabelText("Compare with")).toHaveValue("Hand");

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete the profile Hand?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    expect(useProfiles.getState().profiles).toEqual([]);
    expect(screen.getByLabelText("Compare with")).toHaveValue("");
  });
});
