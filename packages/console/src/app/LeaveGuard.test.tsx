// The one leave guard on the guarded history: a link asks first; Stay keeps the page, Leave runs onLeave and goes.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Link, Route, Router, Switch } from "wouter";
import { LeaveGuard } from "../ui/LeaveGuard.tsx";
import { createGuardedHistory, type GuardedHistory } from "./history.ts";

let history: GuardedHistory;
beforeEach(() => window.history.replaceState(null, "", "/firmware"));
afterEach(() => history.dispose());

function setup(active: boolean) {
  const onLeave = vi.fn();
  history = createGuardedHistory();
  render(
    <Router hook={history.hook}>
      <Switch>
        <Route path="/firmware">
          <Link to="/telemetry">Telemetry</Link>
          <Link to="/firmware">Firmware</Link>
          <LeaveGuard active={active} title="Leave now?" detail="The load stops." onLeave={onLeave} />
        </Route>
        <Route path="/telemetry">
          <p>Telemetry page</p>
        </Route>
      </Switch>
    </Router>,
  );
  return { onLeave };
}

describe("LeaveGuard", () => {
  it("asks before following a link; Stay keeps the page", async () => {
    const { onLeave } = setup(true);
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Telemetry" })));
    expect(screen.getByRole("dialog", { name: "Leave now?" })).toHaveTextContent("The load stops.");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Stay" })));
    expect(window.location.pathname).toBe("/firmware");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onLeave).not.toHaveBeenCalled();
  });

  it("Leave runs onLeave, then goes", async () => {
    const { onLeave } = setup(true);
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Telemetry" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Leave" })));
    expect(onLeave).toHaveBeenCalledOnce();
    expect(window.location.pathname).toBe("/telemetry");
    expect(await screen.findByText("Telemetry page")).toBeVisible();
  });

  it("a link to the page itself asks nothing", async () => {
    setup(true);
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Firmware" })));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("inactive: the link goes at once", async () => {
    setup(false);
    await act(async () => fireEvent.click(screen.getByRole("link", { name: "Telemetry" })));
    expect(await screen.findByText("Telemetry page")).toBeVisible();
  });
});
