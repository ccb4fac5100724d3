// Unit tests of fieldIssues: every issue names its field, even an empty or dotted key of a record answer.
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { fieldIssues } from "./issues.ts";

const Values = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const Channels = z.object({ channels: z.array(z.object({ loss: z.number() })) });

describe("fieldIssues", () => {
  it.each([
    [Values, { "": null }, '""'],
    [Values, { "a.b": null }, '"a.b"'],
    [Values, { "two words": [] }, '"two words"'],
    [Values, { raw_port: null }, "raw_port"],
    [Channels, { channels: [{ loss: 1 }, { loss: "x" }] }, "channels.1.loss"],
    [Channels, 5, "(root)"],
  ])("%#: names %s", (schema, input, field) => {
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldIssues(r.error.issues, input)[0]?.field).toBe(field);
  });
});
