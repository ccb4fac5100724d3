// The rendered tree: categories by display name as nested sections, each setting inside its own category.

import { render, screen, within } from "@testing-library/react";
import { BUILT_IN_CONFIG, type ConfigItem } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { ConfigTree } from "./ConfigTree.tsx";

const noop = () => {};
const section = (name: string) => screen.getByRole("region", { name });

describe("ConfigTree", () => {
  it("renders top categories as h2 and nested ones as h3 inside their parent", () => {
    render(<ConfigTree items={BUILT_IN_CONFIG} fields={{}} onEdit={noop} onSubmit={noop} />);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "WIFI",
      "Networking",
      "Profile",
      "Readings",
      "Servers",
      "Time & Position",
      "UHF",
    ]);
    expect(
      within(section("Networking"))
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["IP", "Socket Ports", "DHCP"]);
    expect(
      within(section("Servers"))
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["HTTP Post", "MQTT"]);
  });

  it.each([
    ["STA (Who to connect to)", ["Network name", "Network password"]],
    ["AP (Device's own Wifi)", ["Access point name", "Access point password"]],
    ["Socket Ports", ["Raw port", "Filtered port"]],
    ["Readings", ["Beep behaviour", "Reads to be sent", "Timings string format", "Tag timeout"]],
    ["UHF", ["UHF region", "UHF power"]],
  ])("%s holds %j", (category, settings) => {
    render(<ConfigTree items={BUILT_IN_CONFIG} fields={{}} onEdit={noop} onSubmit={noop} />);
    const groups = within(section(category)).getAllByRole("group");
    expect(groups).toHaveLength(settings.length);
    for (const [i, name] of settings.entries()) expect(groups[i]).toHaveAccessibleName(name);
  });

  it("a category without a display name (remote store) shows its path; deep paths nest", () => {
    const extra: ConfigItem = {
      name_display: "Antenna gain",
      name_internal: "ant_gain",
      category: "uhf_antenna_extra",
      description: "dB",
      type: "number",
      perm: 10,
      value_default: 0,
    };
    render(<ConfigTree items={[...BUILT_IN_CONFIG, extra]} fields={{}} onEdit={noop} onSubmit={noop} />);
    const uhf = section("UHF");
    expect(within(uhf).getByRole("heading", { level: 3, name: "uhf_antenna" })).toBeVisible();
    expect(
      within(section("uhf_antenna")).getByRole("heading", { level: 4, name: "uhf_antenna_extra" }),
    ).toBeVisible();
    expect(within(section("uhf_antenna_extra")).getByRole("group")).toHaveAccessibleName("Antenna gain");
  });
});
