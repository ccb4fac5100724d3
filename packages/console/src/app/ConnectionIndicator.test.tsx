// The header indicator tells online from offline and shows when the device last answered.
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useConnection } from "../api/connection.ts";
import { ConnectionIndicator } from "./ConnectionIndicator.tsx";

describe("ConnectionIndicator", () => {
  it("moves from Connecting to Online to Offline", () => {
    render(<ConnectionIndicator />);
    expect(screen.getByTestId("connection")).toHaveTextContent("Connecting...");
    const at = new Date(2026, 10, 22, 9, 30, 15).getTime();
    act(() => useConnection.getState().answered(at));
    expect(screen.getByTestId("connection")).toHaveTextContent("Online");
    expect(screen.getByTestId("connection")).toHaveTextContent(new Date(at).toLocaleTimeString());
    act(() => useConnection.getState().failed("The device cannot be reached"));
    expect(screen.getByTestId("connection")).toHaveTextContent("Offline");
  });
});
