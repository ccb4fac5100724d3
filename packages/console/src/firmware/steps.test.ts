// The step indicator: the three steps' statuses in every stage, the reboot step after Finalize, an unknown stage.
import { describe, expect, it } from "vitest";
import type { RebootPhase } from "../api/rebootWatch.ts";
import { INITIAL_STATE } from "./stages.ts";
import { stepsFor } from "./steps.ts";

const statuses = (stage: string, reboot: RebootPhase | null = null) =>
  stepsFor({ ...INITIAL_STATE, stage, reboot }).map((s) => s.status);

describe("stepsFor", () => {
  it("names the three steps in order", () => {
    expect(stepsFor(INITIAL_STATE).map((s) => s.label)).toEqual(["Upload", "Load firmware", "Reboot"]);
  });

  it.each([
    ["START", ["active", "pending", "pending"]],
    ["UPLOADING", ["in progress", "pending", "pending"]],
    ["UPLOADING_FAILED", ["failed", "pending", "pending"]],
    ["UPLOADED", ["done", "active", "pending"]],
    ["DOWNLOADING", ["done", "in progress", "pending"]],
    ["DOWNLOADING_FAILED", ["done", "failed", "pending"]],
    ["DOWNLOADED", ["done", "done", "active"]],
    ["BOGUS", ["pending", "pending", "pending"]],
  ])("%s → %j", (stage, expected) => {
    expect(statuses(stage)).toEqual(expected);
  });

  it.each<[RebootPhase | null, string]>([
    [null, "in progress"],
    ["waiting-down", "in progress"],
    ["waiting-up", "in progress"],
    ["back", "done"],
    ["timeout", "failed"],
  ])("FINISHED with the unit %s → reboot %s", (phase, expected) => {
    expect(statuses("FINISHED", phase)).toEqual(["done", "done", expected]);
  });
});
