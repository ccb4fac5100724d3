// A coloured state badge for the telemetry cards (grey is the plain badge).
import type { ReactNode } from "react";
import type { Colour } from "../shared/readings/telemetryFormat.ts";

export function Badge({
  colour,
  children,
  testId,
}: {
  colour: Colour;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      className={colour === "grey" ? "badge" : `badge badge-${colour}`}
      data-testid={testId}
      data-colour={colour}
    >
      {children}
    </span>
  );
}
