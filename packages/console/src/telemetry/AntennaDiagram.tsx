// Cellular antenna paths (SVG): modem ports A and B to antennas A and B, internal or external, crossed when xbar.
export interface AntennaPaths {
  xbar?: boolean;
  a_isExt?: boolean;
  b_isExt?: boolean;
}

const kind = (ext: boolean | undefined) => (ext === undefined ? "?" : ext ? "External" : "Internal");

/** Which antenna each modem port reaches: straight, or swapped by the crossbar. */
export function antennaRoutes(xbar: boolean | undefined): { a: "A" | "B"; b: "A" | "B" } {
  return xbar ? { a: "B", b: "A" } : { a: "A", b: "B" };
}

export function AntennaDiagram({ xbar, a_isExt, b_isExt }: AntennaPaths) {
  const routes = antennaRoutes(xbar);
  const y = { A: 18, B: 52 };
  const desc = `Port A to antenna ${routes.a}, port B to antenna ${routes.b}${xbar ? " (crossed)" : ""}; antenna A ${kind(a_isExt)}, antenna B ${kind(b_isExt)}`;
  return (
    <svg
      className="antennas"
      viewBox="0 0 240 70"
      width="240"
      height="70"
      role="img"
      aria-label={desc}
      data-testid="antenna-diagram"
      data-xbar={String(!!xbar)}
    >
      <rect x="2" y="4" width="56" height="62" rx="4" fill="none" stroke="currentColor" />
      <text x="30" y="40" textAnchor="middle" fontSize="10">
        Modem
      </text>
      {(["A", "B"] as const).map((port) => (
        <g key={port}>
          <text x="64" y={y[port] - 3} fontSize="9">
            {port}
          </text>
          <line
            x1="58"
            y1={y[port]}
            x2="160"
            y2={y[routes[port === "A" ? "a" : "b"]]}
            stroke="currentColor"
            strokeWidth="2"
          />
        </g>
      ))}
      {(["A", "B"] as const).map((ant) => {
        const ext = ant === "A" ? a_isExt : b_isExt;
        return (
          <g key={ant}>
            <path d={`M160 ${y[ant]} l8 -8 l8 8 m-8 -8 v14`} fill="none" stroke="currentColor" />
            <text x="180" y={y[ant] + 3} fontSize="10">
              {ant}: {kind(ext)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
