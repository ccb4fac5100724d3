// The guarded history: a navigation or a Back while a page holds the leave guard waits for the operator's answer.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Route, Router, Switch } from "wouter";
import { useLeaveGuard } from "../shared/leaveGuard.ts";
import { createGuardedHistory, type GuardedHistory } from "./history.ts";

let history: GuardedHistory;

beforeEach(() => {
  useLeaveGuard.setState({ held: null, pending: null });
  window.history.replaceState(null, "", "/firmware");
  history = createGuardedHistory();
  render(
    <Router hook={history.hook}>
      <Switch>
        <Route path="/firmware">
          <p>Firmware page</p>
        </Route>
        <Route path="/files">
          <p>Files page</p>
        </Route>
      </Switch>
    </Router>,
  );
});
afterEach(() => history.dispose());

const hold = () => useLeaveGuard.getState().hold({ title: "Leave?", detail: "The load stops." });

describe("createGuardedHistory", () => {
  it("goes at once while nothing holds the guard, and Back returns", async () => {
    act(() => history.navigate("/files"));
    expect(window.location.pathname).toBe("/files");
    expect(screen.getByText("Files page")).toBeInTheDocument();
    act(() => window.history.back());
    expect(await screen.findByText("Firmware page")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/firmware");
  });

  it("a navigation while the guard is held waits; Stay drops it", () => {
    hold();
    act(() => history.navigate("/files"));
    expect(useLeaveGuard.getState().pending).not.toBeNull();
    expect(window.location.pathname).toBe("/firmware");
    act(() => useLeaveGuard.getState().answer(false));
    expect(window.location.pathname).toBe("/firmware");
    expect(screen.getByText("Firmware page")).toBeInTheDocument();
  });

  it("Back while the guard is held is undone and asked about; Leave goes back", async () => {
    act(() => history.navigate("/files"));
    hold();
    act(() => window.history.back());
    await waitFor(() => expect(useLeaveGuard.getState().pending).not.toBeNull());
    await waitFor(() => expect(window.location.pathname).toBe("/files"));
    expect(screen.getByText("Files page")).toBeInTheDocument();
    act(() => useLeaveGuard.getState().answer(true));
    expect(await screen.findByText("Firmware page")).toBeInTheDocument();
    expect(window.location.pathname).toBe("/firmware");
  });

  it("Back while the guard is held, then Stay, keeps the page", async () => {
    act(() => history.navigate("/files"));
    hold();
    act(() => window.history.back());
    await waitFor(() => expect(useLeaveGuard.getState().pending).not.toBeNull());
    act(() => useLeaveGuard.getState().answer(false));
    await waitFor(() => expect(window.location.pathname).toBe("/files"));
    expect(screen.getByText("Files page")).toBeInTheDocument();
  });

  it("a link to the page the app is on replaces its entry instead of stacking one", () => {
    const length = window.history.length;
    act(() => history.navigate("/firmware"));
    expect(window.history.length).toBe(length);
    expect(window.location.pathname).toBe("/firmware");
  });
});
