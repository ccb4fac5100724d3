// A sparkline of a history series draws the chosen unit's readings only: after a switch, none of the unit just left.
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { collectHistory } from "../shared/readings/telemetryCollect.ts";
import { selectUnit } from "../shared/unit/unit.ts";
import { Sparkline } from "./Sparkline.tsx";

const A = "http://10.0.0.1";

afterEach(() => selectUnit(""));

describe("Sparkline", () => {
  it("draws the chosen unit's series, and nothing of unit A once unit B is chosen, A's late answers included", () => {
    selectUnit(A);
    collectHistory("battery", { percentage: 40 }, 1000, A);
    collectHistory("battery", { percentage: 39 }, 2000, A);
    const { rerender } = render(<Sparkline series="battery" label="Battery charge history" />);
    expect(screen.getByRole("img")).toHaveAccessibleName(
      "Battery charge history: 2 readings since the page opened",
    );

    act(() => selectUnit("http://10.0.0.2"));
    expect(screen.queryByRole("img")).toBeNull();
    collectHistory("battery", { percentage: 38 }, 3000, A);
    collectHistory("battery", { percentage: 37 }, 4000, A);
    rerender(<Sparkline series="battery" label="Battery charge history" />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});
