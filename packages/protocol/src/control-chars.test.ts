// Unit tests of control-character checks and the escaping of log text.
import { describe, expect, it } from "vitest";
import { escapeControlChars, hasControlChars } from "./control-chars.ts";

describe("hasControlChars", () => {
  it.each(["a\u0000", "a\nb", "\r", "\t", "\u001b[31m", "\u007f", "\u0085", "\u009b"])("%j: yes", (text) => {
    expect(hasControlChars(text)).toBe(true);
  });
  it.each(["", "ACME Timing", "café", "日本語", "a\\nb"])("%j: no", (text) => {
    expect(hasControlChars(text)).toBe(false);
  });
});

describe("escapeControlChars", () => {
  it("writes each control character as an escape, keeping the rest", () => {
    expect(escapeControlChars("1.4.2\nINFO forged\r\t\u001b[31mred\u0007\u0000")).toBe(
      "1.4.2\\nINFO forged\\r\\t\\x1b[31mred\\x07\\x00",
    );
    expect(escapeControlChars("a\u2028b\u202ec\u009b")).toBe("a\\u2028b\\u202ec\\x9b");
    expect(escapeControlChars("plain café 1.4.2")).toBe("plain café 1.4.2");
  });
});
