// Leaving during the load asks first: Stay keeps the page, Leave stops the load and goes; inactive, nothing is asked.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAVE_QUESTION, LeaveGuard } from "./LeaveGuard.tsx";

afterEach(cleanup);

function setup(active: boolean) {
  const onLeave = vi.fn();
  const router = createMemoryRouter(
    [
      { path: "/firmware", element: <LeaveGuard active={active} onLeave={onLeave} /> },
      { path: "/telemetry", element: <p>Telemetry page</p> },
    ],
    { initialEntries: ["/firmware"] },
  );
  render(<RouterProvider router={router} />);
  return { router, onLeave };
}

describe("LeaveGuard", () => {
  it("asks before leaving; Stay keeps the page", async () => {
    const { router, onLeave } = setup(true);
    await act(() => router.navigate("/telemetry"));
    expect(screen.getByRole("alertdialog").textContent).toContain(LEAVE_QUESTION);
    await act(() => {
      fireEvent.click(screen.getByText("Stay"));
    });
    expect(router.state.location.pathname).toBe("/firmware");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onLeave).not.toHaveBeenCalled();
  });

  it("Leave stops the load and goes", async () => {
    const { router, onLeave } = setup(true);
    await act(() => router.navigate("/telemetry"));
    await act(() => {
      fireEvent.click(screen.getByText("Leave"));
    });
    expect(onLeave).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe("/telemetry");
  });

  it("asks nothing when no load is running", async () => {
    const { router } = setup(false);
    await act(() => router.navigate("/telemetry"));
    expect(router.state.location.pathname).toBe("/telemetry");
    expect(screen.getByText("Telemetry page")).toBeTruthy();
  });

  it("stops a reload or tab close with beforeunload only while active", () => {
    setup(true);
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    cleanup();
    setup(false);
    const later = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });
});
