// Property tests: every telemetry card rendered with arbitrary answers (through the real lenient parse) — no exception, wrong fields named, device strings as text.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { TELEMETRY_SCHEMAS, type TelemetryDataset } from "@trc/protocol";
import fc from "fast-check";
import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import { DeviceError } from "../../src/api/errors.ts";
import { parseLenient } from "../../src/api/lenient.ts";
import { CellularCard } from "../../src/telemetry/CellularCard.tsx";
import { DeviceTimeCard } from "../../src/telemetry/DeviceTimeCard.tsx";
import { BatteryCard, FirmwareCard, StorageCard } from "../../src/telemetry/HealthCards.tsx";
import { InterfacesCard, PassingsCard, TempsCard } from "../../src/telemetry/ListCards.tsx";
import { UhfCard } from "../../src/telemetry/UhfCard.tsx";
import type { Dataset } from "../../src/telemetry/useDataset.ts";
import { GOOD_TELEMETRY, hostileJson, mutated } from "./arbitraries.ts";

/** What each dataset answers in the current run: a JSON value, or an error. */
const answers = new Map<TelemetryDataset, { raw: unknown } | { error: unknown }>();

vi.mock("../../src/telemetry/useDataset.ts", () => ({
  useDataset(dataset: TelemetryDataset): Dataset<TelemetryDataset> {
    const answer = answers.get(dataset) ?? { raw: GOOD_TELEMETRY[dataset] };
    const base = { dataset, minutes: 3, loading: false, refresh() {} };
    if ("error" in answer)
      return { ...base, state: "errored", data: undefined, issues: [], error: answer.error };
    const parsed = parseLenient(TELEMETRY_SCHEMAS[dataset], answer.raw);
    return { ...base, state: "loaded", data: parsed.data as never, issues: parsed.issues, error: null };
  },
}));

// The Device Time card starts a clock sync on mount: no device here, so every attempt fails quietly.
vi.stubGlobal("fetch", () => Promise.reject(new TypeError("no device in a unit test")));

const CARDS: [string, ComponentType, TelemetryDataset[]][] = [
  ["Battery", BatteryCard, ["battery"]],
  ["Firmware", FirmwareCard, ["firmware"]],
  ["Storage", StorageCard, ["storage"]],
  ["Temps", TempsCard, ["hw/temp"]],
  ["Interfaces", InterfacesCard, ["networking/interfaces"]],
  ["Device Time", DeviceTimeCard, ["time/sources"]],
  ["Passings", PassingsCard, ["passings"]],
  ["UHF Antennas", UhfCard, ["uhf/ports"]],
  ["Cellular", CellularCard, ["cellular", "cellular/ant"]],
];

const errorAnswer = fc.oneof(
  fc.tuple(fc.integer({ min: 400, max: 599 }), hostileJson).map(([s, body]) => DeviceError.http(s, body)),
  fc.constant(new Error("Failed to fetch")),
);

/** The error as SPEC §8 says a card shows it, through a JSON round trip (as the page's text is read back). */
function rawError(err: Error): unknown {
  const out: Record<string, unknown> = { error: err.message };
  if (err instanceof DeviceError) {
    out.status = err.status;
    if (err.body !== undefined && err.body !== "") out.body = err.body;
  }
  return JSON.parse(JSON.stringify(out));
}

let renders = 0;

/** A card as the page mounts it: inside a query client (the Device Time card's clock sync is a query). */
function renderCard(CardView: ComponentType) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CardView />
    </QueryClientProvider>,
  );
}

describe("telemetry cards with arbitrary answers", () => {
  for (const [title, CardView, datasets] of CARDS) {
    it(`${title}: renders, names every wrong field, shows errors, never runs device strings`, () => {
      const perDataset = fc.tuple(
        ...datasets.map((d) =>
          fc.oneof(
            { arbitrary: mutated(GOOD_TELEMETRY[d]).map((raw) => ({ raw })), weight: 6 },
            { arbitrary: hostileJson.map((raw) => ({ raw })), weight: 2 },
            { arbitrary: errorAnswer.map((error) => ({ error })), weight: 1 },
          ),
        ),
      );
      fc.assert(
        fc.property(perDataset, (list) => {
          answers.clear();
          for (const [i, a] of list.entries()) answers.set(datasets[i] as TelemetryDataset, a);
          const { container, unmount } = renderCard(CardView);
          renders++;
          const card = container.querySelector(`section[aria-label="${title}"]`);
          expect(card, "the card is there").toBeInTheDocument();
          expect(card?.querySelector("h2")?.textContent).toBe(title);
          const issues = datasets.flatMap((d) => {
            const a = answers.get(d);
            return a && "raw" in a ? parseLenient(TELEMETRY_SCHEMAS[d], a.raw).issues : [];
          });
          const text = card?.textContent ?? "";
          for (const issue of issues) expect(text, issue.field).toContain(issue.field);
          if (issues.length) expect(card?.querySelector("[data-testid=card-issues]")).toBeInTheDocument();
          // Each failed dataset's error as raw text: the message, the HTTP status and the device's body verbatim
          // (a body carrying markup is text inside it).
          const shownErrors = [...(card?.querySelectorAll("[data-testid=card-error]") ?? [])].map((e) =>
            JSON.parse(e.textContent ?? ""),
          );
          const sentErrors = datasets.flatMap((d) => {
            const a = answers.get(d);
            return a && "error" in a ? [rawError(a.error as Error)] : [];
          });
          expect(shownErrors).toEqual(sentErrors);
          unmount();
        }),
        { numRuns: 120, seed: 8 },
      );
    });
  }

  /** Every number in a good answer, replaced one at a time by an extreme (dates past year 275,760 included). */
  const EXTREMES = [
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    8.64e15 + 1,
    -0,
    5e-324,
  ];
  function numberPaths(v: unknown, path: (string | number)[] = []): (string | number)[][] {
    if (typeof v === "number") return [path];
    if (v && typeof v === "object")
      return Object.entries(v).flatMap(([k, x]) =>
        numberPaths(x, [...path, Array.isArray(v) ? Number(k) : k]),
      );
    return [];
  }
  function withValue(good: unknown, path: (string | number)[], value: unknown): unknown {
    const copy = structuredClone(good) as Record<string | number, unknown>;
    let at = copy;
    for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
    at[path[path.length - 1] as string | number] = value;
    return copy;
  }

  for (const [title, CardView, datasets] of CARDS) {
    it(`${title}: every number at an extreme (±1e308, past the last date, -0, denormal) renders`, () => {
      for (const d of datasets) {
        for (const path of numberPaths(GOOD_TELEMETRY[d])) {
          for (const value of EXTREMES) {
            answers.clear();
            answers.set(d, { raw: withValue(GOOD_TELEMETRY[d], path, value) });
            const { container, unmount } = renderCard(CardView);
            expect(
              container.querySelector(`section[aria-label="${title}"] h2`)?.textContent,
              `${d} ${path.join(".")}=${value}`,
            ).toBe(title);
            unmount();
          }
        }
      }
    });
  }

  it("rendered each card many times", () => {
    expect(renders).toBeGreaterThanOrEqual(CARDS.length * 120);
  });
});
