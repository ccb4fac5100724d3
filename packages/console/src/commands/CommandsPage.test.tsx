// The commands page in happy-dom with the local list: what the operator sees before anything is sent.
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderPage as renderWith } from "../../test-utils.tsx";
import { useAuth } from "../shared/access/authStore.ts";
import { useFlags } from "../shared/access/flags.ts";
import CommandsPage from "./CommandsPage.tsx";
import { useCommands } from "./commandsStore.ts";

const renderPage = () => renderWith("/commands", <CommandsPage />);

const row = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) });
/** The execute area's one button: its name is Execute, Error or Not Authed. */
const executeButton = () => within(screen.getByRole("region", { name: "Execute" })).getByRole("button");
const packet = () =>
  JSON.parse((screen.getByRole("textbox", { name: "Packet" }) as HTMLTextAreaElement).value);

describe("commands page", () => {
  beforeEach(() => {
    localStorage.clear();
    useAuth.getState().useNone();
    useFlags.getState().reload();
    useCommands.setState({ selected: null, drafts: {}, history: [] });
  });

  it("lists the commands with 'N / M Available' and asks for a selection", async () => {
    renderPage();
    expect(await screen.findByText("Command List")).toBeVisible();
    expect(screen.getByText("Select a command from the list...")).toBeVisible();
    expect(screen.getByRole("link", { name: "Authorize" })).toHaveAttribute("href", "/auth");
    const available = screen.getByRole("link", { name: "10 / 16 Available" });
    expect(available).toHaveAttribute("href", "/auth");
    expect(screen.getByText("No history")).toBeVisible();
    expect(screen.getByText("No auth configured!")).toBeVisible();
    expect(screen.getByRole("link", { name: "Configure" })).toHaveAttribute("href", "/auth");
  });

  it("shows a command without arguments and its packet", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /^Reboot Restart the unit now/ }));
    expect(screen.getByRole("heading", { name: "Reboot" })).toBeVisible();
    expect(screen.getByText("No arguments")).toBeVisible();
    expect(screen.getByText("REBOOT")).toBeVisible();
    expect(packet()).toEqual({ cmd: "REBOOT", args: [] });
    expect(executeButton()).toHaveAccessibleName("Execute");
    expect(executeButton()).toBeEnabled();
  });

  it("blocks an above-level command with the banner and 'Not Authed'", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /^Set Password/ }));
    expect(screen.getByText("Insufficient permissions for this command! Please authenticate")).toBeVisible();
    expect(executeButton()).toHaveAccessibleName("Not Authed");
    expect(executeButton()).toBeDisabled();
    act(() => {
      useAuth.getState().setPassword("owner-pass");
      useAuth.getState().passwordTested({ successful: true, responseMsg: "ok" }, 20);
    });
    expect(
      screen.queryByText("Insufficient permissions for this command! Please authenticate"),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "12 / 16 Available" })).toBeVisible();
    await userEvent.type(screen.getByPlaceholderText("new-password"), "n3w");
    expect(packet()).toEqual({ cmd: "SET_PW", args: ["n3w"], auth_pw: "owner-pass" });
    expect(executeButton()).toHaveAccessibleName("Execute");
  });

  it("checks arguments, reads 'Error', and keeps each command's draft", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /^Reboot after delay/ }));
    const delay = screen.getByPlaceholderText("10");
    expect(delay).toHaveValue("10");
    await userEvent.clear(delay);
    await userEvent.type(delay, "soon");
    expect(screen.getByText("Enter a whole number of minutes from 1 to 1440")).toBeVisible();
    expect(executeButton()).toHaveAccessibleName("Error");
    expect(executeButton()).toBeDisabled();
    fireEvent.click(row("Reboot Restart"));
    fireEvent.click(row("Reboot after delay"));
    expect(screen.getByPlaceholderText("10")).toHaveValue("soon");
  });

  it("uses the date-time picker for the manual time command", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: /^Set time manually/ }));
    const text = screen.getByPlaceholderText("yy-MM-dd HH:mm:ss");
    await userEvent.type(text, "26-13-01 10:00:00");
    expect(screen.getByText("Date input not valid.")).toBeVisible();
    await userEvent.clear(text);
    await userEvent.type(text, "26-11-22 09:30:15");
    expect(screen.queryByText("Date input not valid.")).not.toBeInTheDocument();
    const sent = new Date(2026, 10, 22, 9, 30, 15).toISOString();
    const want = `${sent.slice(2, 4)}${sent.slice(5, 7)}${sent.slice(8, 10)}${sent.slice(11, 13)}${sent.slice(14, 16)}${sent.slice(17, 19)}000`;
    expect(packet()).toEqual({ cmd: "TIME_MANUAL", args: [want] });
    expect(screen.getByLabelText("Pick date and time")).toHaveValue("2026-11-22T09:30:15");
  });

  it("puts level badges on commands from level 20", async () => {
    renderPage();
    await screen.findByText("Command List");
    const badges = screen.getAllByTestId("level-badge").map((b) => b.textContent);
    expect(badges).toEqual(["ownr 20", "ownr 20", "srvr 50", "tech 80", "admn 100", "unavl 250"]);
  });
});
