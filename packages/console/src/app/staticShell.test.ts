// index.html paints the header and navigation before any script: its links must be the app's own, in the same order.
import { describe, expect, it } from "vitest";
import html from "../../index.html?raw";
import { NAV } from "./Layout.tsx";

describe("the static shell of index.html", () => {
  it("has the navigation links of the layout, in order", () => {
    const nav = /<nav[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
    const links = [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual(NAV.map(([to, label]) => [to, label]));
  });

  it("has the product title linking home, and no inline script (the CSP forbids it)", () => {
    expect(html).toContain('<a href="/" class="title">Timing Reader Console</a>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
