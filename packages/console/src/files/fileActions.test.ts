// How the answers to delete and refresh read: only 200 deletes, reasons name the file and the device's words.
import { describe, expect, it } from "vitest";
import { deleteOutcome, refreshOutcome } from "./fileActions.ts";

describe("deleteOutcome", () => {
  it.each([
    [200, null, { ok: true }],
    [200, { anything: 1 }, { ok: true }],
    [204, null, { ok: false, reason: "Could not delete a.csv: HTTP 204" }],
    [404, { error: "No such file" }, { ok: false, reason: "Could not delete a.csv: HTTP 404: No such file" }],
    [500, "flash busy", { ok: false, reason: "Could not delete a.csv: HTTP 500: flash busy" }],
  ] as const)("status %i with %o", (status, body, outcome) => {
    expect(deleteOutcome("a.csv", status, body)).toEqual(outcome);
  });
});

describe("refreshOutcome", () => {
  it.each([
    [200, { ok: true }],
    [204, { ok: true }],
    [503, { ok: false, reason: "Could not refresh the files: HTTP 503" }],
  ] as const)("status %i", (status, outcome) => {
    expect(refreshOutcome(status, null)).toEqual(outcome);
  });
});
