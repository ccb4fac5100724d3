// The filter in words: every reads_2b_sent value, tag timeouts from 0 to an hour, and what the unit cannot tell.
import { READS_2B_SENT, type Reads2bSent } from "@trc/protocol";
import { describe, expect, it } from "vitest";
import { filterWords } from "./filterWords.ts";

/** The words at tag_timeout 5 s (D5's default) for every reads_2b_sent value: the Record type leaves none out. */
const AT_5_S: Record<Reads2bSent, string> = {
  FS: "A tag's passing is its first read; it counts again after 5 s unseen",
  LS: "A tag's passing is its last read; it counts again after 5 s unseen",
  BS: "A tag's passing is its read with the best signal; it counts again after 5 s unseen",
  FS_LS: "A tag's passings are its first and last read; it counts again after 5 s unseen",
  BS_LS:
    "A tag's passings are its read with the best signal and its last read; it counts again after 5 s unseen",
  ALL: "Every read is a passing",
};

describe("filterWords", () => {
  it.each(READS_2B_SENT)("%s at 5 s", (mode) => {
    expect(filterWords(mode, 5)).toBe(AT_5_S[mode]);
  });

  it.each([
    [1, "A tag's passing is its first read; it counts again after 1 s unseen"],
    [59, "A tag's passing is its first read; it counts again after 59 s unseen"],
    [60, "A tag's passing is its first read; it counts again after 1 min unseen"],
    [90, "A tag's passing is its first read; it counts again after 1 min 30 s unseen"],
    [3600, "A tag's passing is its first read; it counts again after 60 min unseen"],
  ])("says a tag timeout of %i s as %s", (timeout, words) => {
    expect(filterWords("FS", timeout)).toBe(words);
  });

  it("with tag timeout 0 every read is a passing, whatever reads_2b_sent says", () => {
    for (const mode of READS_2B_SENT) {
      expect(filterWords(mode, 0)).toBe(
        mode === "ALL" ? "Every read is a passing" : "Every read is a passing (tag timeout 0 s)",
      );
    }
  });

  it.each<[unknown, unknown]>([
    [undefined, 5],
    ["FS", undefined],
    ["fs", 5],
    ["BEEP_FS", 5],
    ["FS", -1],
    ["FS", 2.5],
    ["FS", "5"],
    [null, null],
  ])("a unit that cannot tell (%j, %j): no words", (mode, timeout) => {
    expect(filterWords(mode, timeout)).toBeNull();
  });
});
