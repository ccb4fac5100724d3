// Unit tests of D14's http_url: the rule, the configuration item, credentials masked and a masked value sent back.
import { describe, expect, it } from "vitest";
import { checkCommandArg, findUnitCommand } from "./commands.ts";
import { findConfigItem, OPTIONAL_CONFIG } from "./config.ts";
import { checkConfigValue } from "./config-limits.ts";
import { checkHttpUrl, maskUrl, UPLOAD, UploadTelemetry, unmaskUrl, urlHasCredentials } from "./upload.ts";

describe("http_url (D14)", () => {
  const item = findConfigItem("http_url");

  it("is a text item of servers_http, level 10, default empty, not required of an older unit", () => {
    expect(item).toMatchObject({ category: "servers_http", type: "string", perm: 10, value_default: "" });
    expect(OPTIONAL_CONFIG).toContain("http_url");
  });

  it.each([
    "",
    "http://results.example.org/passings",
    "https://results.example.org:8443/api/passings?race=7",
    "http://127.0.0.1:9090/",
    "http://[::1]:9090/x",
    "HTTP://Example.org",
    "https://user:p%40ss@results.example.org/",
    `http://h.org/${"a".repeat(200 - "http://h.org/".length)}`,
  ])("takes %j", (url) => {
    expect(checkHttpUrl(url)).toBeNull();
    if (item) expect(checkConfigValue(item, url)).toBeNull();
  });

  it.each([
    ["ftp://results.example.org/", /http:\/\/ or https:\/\//],
    ["results.example.org/passings", /http:\/\/ or https:\/\//],
    ["http://", /http:\/\/ or https:\/\//],
    ["http:///path", /http:\/\/ or https:\/\//],
    ["http://exa mple.org/", /spaces/],
    [" http://example.org", /spaces/],
    ["http://example.org:99999/", /http:\/\/ or https:\/\//],
    ["http://example.org:0/", /Port 0/],
    ["javascript:alert(1)", /http:\/\/ or https:\/\//],
    [`http://h.org/${"a".repeat(200)}`, /At most 200 characters/],
  ])("refuses %j", (url, reason) => {
    expect(checkHttpUrl(url)).toMatch(reason);
    if (item) expect(checkConfigValue(item, url)).toMatch(reason);
  });

  it("refuses control characters and other types through the item's check", () => {
    if (!item) throw new Error("no http_url");
    expect(checkConfigValue(item, "http://a.org/\n")).toMatch(/control characters/);
    expect(checkConfigValue(item, 5)).toBe("Must be text");
  });
});

describe("credentials in the URL", () => {
  it.each([
    ["https://user:secret@results.example.org/p", "https://user:***@results.example.org/p"],
    ["http://token@results.example.org", "http://***@results.example.org"],
    ["http://a:b:c@h.org/", "http://a:***@h.org/"],
    ["http://u:p@h.org/x@y?z=@", "http://u:***@h.org/x@y?z=@"],
    ["http://u:p@w@h.org/", "http://u:***@h.org/"],
    ["http://h.org/path@x", "http://h.org/path@x"],
    ["http://results.example.org/", "http://results.example.org/"],
    ["", ""],
  ])("%j is shown as %j", (url, shown) => {
    expect(maskUrl(url)).toBe(shown);
    expect(urlHasCredentials(url)).toBe(url !== shown);
  });

  it("a masked value sent back keeps the stored one; anything else is stored as sent", () => {
    const stored = "https://user:secret@h.org/p";
    expect(unmaskUrl("https://user:***@h.org/p", stored)).toBe(stored);
    expect(unmaskUrl("https://user:***@h.org/other", stored)).toBe("https://user:***@h.org/other");
    expect(unmaskUrl("https://user:new@h.org/p", stored)).toBe("https://user:new@h.org/p");
    expect(unmaskUrl("", stored)).toBe("");
    expect(unmaskUrl("http://***@h.org/", "http://***@h.org/")).toBe("http://***@h.org/");
  });
});

describe("the dataset's upload", () => {
  it("has D14's fields", () => {
    const upload = {
      url: "http://h.org/",
      state: "failing",
      acked: 10,
      left: 3,
      oldestLeftAt: 1,
      lastOkAt: null,
      lastError: "503 Service Unavailable",
      nextTryAt: 2,
    };
    expect(UploadTelemetry.safeParse(upload).success).toBe(true);
    expect(UploadTelemetry.safeParse({ ...upload, state: "down" }).success).toBe(false);
    expect(UploadTelemetry.safeParse({ ...upload, left: -1 }).success).toBe(false);
    expect(UPLOAD.maxPassingsPerPost).toBe(500);
  });
});

describe("UPLOAD_FROM", () => {
  it("is race control's, level 5, with a session file and a passing's number from 1", () => {
    const cmd = findUnitCommand("UPLOAD_FROM");
    expect(cmd?.perm).toBe(5);
    expect(cmd?.args.map((a) => [a.name, a.type])).toEqual([
      ["session", "file"],
      ["from", "passing"],
    ]);
    for (const ok of ["1", "42", "1234567890"]) expect(checkCommandArg("passing", ok)).toBeNull();
    for (const bad of ["0", "-1", "01", "1.5", "x", "", "12345678901"])
      expect(checkCommandArg("passing", bad), bad).toMatch(/whole number from 1/);
  });
});
