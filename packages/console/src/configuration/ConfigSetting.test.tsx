// The setting component: input by kind, colours while editing, the limit reason, Submit, and password fields.

import { fireEvent, render, screen } from "@testing-library/react";
import { type ConfigValue, findConfigItem } from "@trc/protocol";
import { useReducer } from "react";
import { describe, expect, it, vi } from "vitest";
import { withCurrentValues } from "../shared/settings/settingRules.ts";
import { ConfigSetting } from "./ConfigSetting.tsx";
import { configReducer, initialConfigState } from "./configState.ts";

function Harness({
  name,
  current,
  onSubmit,
}: {
  name: string;
  current: ConfigValue;
  onSubmit(n: string): void;
}) {
  const base = findConfigItem(name);
  if (!base) throw new Error(name);
  const items = withCurrentValues([base], { [name]: current }).items;
  const [state, dispatch] = useReducer(
    configReducer,
    configReducer(initialConfigState, { type: "loaded", items, issues: [] }),
  );
  const item = state.items[0];
  const field = state.fields[name];
  if (!item || !field) return null;
  return (
    <ConfigSetting
      item={item}
      field={field}
      onEdit={(n, draft) => dispatch({ type: "edit", name: n, draft })}
      onSubmit={onSubmit}
    />
  );
}

describe("ConfigSetting", () => {
  it("shows name, description, current value, and a number input that turns yellow when edited", () => {
    const onSubmit = vi.fn();
    render(<Harness name="raw_port" current={10000} onSubmit={onSubmit} />);
    expect(screen.getByText("Raw port", { selector: "label" })).toBeVisible();
    expect(screen.getByText("TCP port for raw reads (1-65535)")).toBeVisible();
    expect(screen.getByText("Current: 10000")).toBeVisible();
    expect(screen.queryByText(/Reset to default/)).not.toBeInTheDocument();
    const input = screen.getByLabelText("Raw port", { selector: "input, select" }) as HTMLInputElement;
    const submit = screen.getByRole("button", { name: "Submit" });
    expect(input.type).toBe("number");
    expect(input).toHaveValue(10000);
    expect(submit).toBeDisabled();
    expect(input).not.toHaveAccessibleDescription();
    fireEvent.input(input, { target: { value: "10002" } });
    expect(input).toHaveClass("field-changed", { exact: true });
    // The highlight in words too, not only a colour.
    expect(input).toHaveAccessibleDescription("Changed, not saved");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith("raw_port");
  });

  it("shows the reason under the input and blocks Submit when a limit is broken", () => {
    const onSubmit = vi.fn();
    render(<Harness name="raw_port" current={10000} onSubmit={onSubmit} />);
    const input = screen.getByLabelText("Raw port", { selector: "input, select" });
    fireEvent.input(input, { target: { value: "70000" } });
    expect(screen.getByText("Must be at most 65535")).toBeVisible();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Changed, not saved Must be at most 65535");
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();
  });

  it.each([
    ["lan_subnet", "255.255.255.0", "Subnet mask", "1.2.3.4", "Must be a subnet mask like 255.255.255.0"],
    [
      "ap_password",
      "changeme123",
      "Access point password",
      "",
      "WPA2 needs 8 to 63 printable ASCII characters",
    ],
    ["tag_timeout", 5, "Tag timeout", "99999", "Must be at most 3600"],
  ])("%s: the unit's own limit, with its reason under the input", (name, current, label, typed, reason) => {
    render(<Harness name={name} current={current} onSubmit={vi.fn()} />);
    const input = screen.getByLabelText(label, { selector: "input, select" });
    fireEvent.input(input, { target: { value: typed } });
    expect(screen.getByText(reason)).toBeVisible();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Submit" })).toBeDisabled();
  });

  it("offers 'Reset to default: {value}' when the current value differs, filling the input", () => {
    render(<Harness name="uhf_power" current="LOW" onSubmit={vi.fn()} />);
    const select = screen.getByLabelText("UHF power", { selector: "input, select" }) as HTMLSelectElement;
    expect(select.tagName).toBe("SELECT");
    expect([...select.options].map((o) => o.value)).toEqual(["LOW", "MEDIUM", "HIGH"]);
    expect(select).toHaveValue("LOW");
    fireEvent.click(screen.getByRole("button", { name: "Reset to default: HIGH" }));
    expect(select).toHaveValue("HIGH");
    expect(select).toHaveClass("field-changed", { exact: true });
    expect(select).toHaveAccessibleDescription("Changed, not saved");
  });

  it("a boolean is a checkbox", () => {
    render(<Harness name="gps_correction" current={false} onSubmit={vi.fn()} />);
    const box = screen.getByLabelText("GPS correction", { selector: "input, select" }) as HTMLInputElement;
    expect(box.type).toBe("checkbox");
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toHaveClass("field-changed", { exact: true });
    expect(box).toHaveAccessibleDescription("Changed, not saved");
  });

  it("a password is hidden, never autofilled, and shown on request", () => {
    render(<Harness name="sta_password" current="secret-wifi" onSubmit={vi.fn()} />);
    const input = screen.getByLabelText("Network password", {
      selector: "input, select",
    }) as HTMLInputElement;
    expect(input.type).toBe("password");
    expect(input.autocomplete).toBe("new-password");
    expect(screen.getByText("Current: ••••••••")).toBeVisible();
    expect(screen.queryByText(/secret-wifi/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(input.type).toBe("text");
    expect(screen.getByText("Current: secret-wifi")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Hide" }));
    expect(input.type).toBe("password");
  });
});
