// The one leave guard on the guarded history: a link asks first; Stay keeps the page, Leave runs onLeave and goes.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { unstable_HistoryRouter as HistoryRouter, Link, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createGuardedHistory } from "../app/history.ts";
import { LeaveGuard } from "./LeaveGuard.tsx";

beforeEach(() => window.history.replaceState(null, "", "/firmware"));

function setup(active: boolean) {
  const onLeave = vi.fn();
  render(
    <HistoryRouter history={createGuardedHistory()}>
      <Routes>
        <Route
          path="/firmware"
          element={
            <>
              <Link to="/telemetry">Telemetry</Link>
              <Link to="/firmware">Firmware</Link>
              <LeaveGuard active={active} title="Leave now?" detail="The load stops." onLeave={onLeave} />
            </>
          }
        />
        <Route path="/telemetry" element={<p>Telemetry page</p>} />
      </Routes>
    </HistoryRouter>,
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
