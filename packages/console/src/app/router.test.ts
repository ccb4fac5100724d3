// The route table: the dashboard is in the shell (nothing to download); any other page asks for the pages' one chunk,
// once, as the routes match the path.
import { describe, expect, it, vi } from "vitest";

// The pages' module stands in for its chunk: how many times `loadPage` brought it.
const { loads } = vi.hoisted(() => ({ loads: { pages: 0 } }));
vi.mock("./pages.ts", () => {
  loads.pages++;
  const page = () => null;
  return { LivePage: page, ConfigurationPage: page, FleetPage: page, TimingPage: page };
});
vi.mock("../telemetry/TelemetryPage.tsx", () => ({ default: () => null }));

const { loadPage } = await import("./router.tsx");

describe("loadPage", () => {
  it("the dashboard for /, /telemetry and an unknown path: in the shell, nothing downloaded", async () => {
    await Promise.all([loadPage("/"), loadPage("/telemetry"), loadPage("/no-such-page")]);
    expect(loads.pages).toBe(0);
  });

  it("another page, in any letter case, with or without a trailing slash: the pages' chunk, downloaded once", async () => {
    const configuration = (await loadPage("/Configuration/")) as { default: unknown };
    expect(typeof configuration.default).toBe("function");
    await loadPage("/live");
    await loadPage("/fleet");
    expect(loads.pages).toBe(1);
  });
});
