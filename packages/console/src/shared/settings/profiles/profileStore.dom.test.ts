// The profile store: kept under `fleetProfiles` as plain JSON, nothing written until someone saves; a rename follows
// the comparison; whatever is stored, only valid profiles come back.
import { afterEach, describe, expect, it } from "vitest";
import { resetAllStores } from "../../store/lazyStore.ts";
import { LOCAL_KEYS } from "../../store/storageKeys.ts";
import { useProfiles } from "./profileStore.ts";

afterEach(() => localStorage.clear());

describe("the profile store", () => {
  it("saves by name (sorted), renames, follows the compared one, removes; each change kept in localStorage", () => {
    const s = () => useProfiles.getState();
    expect(s().profiles).toEqual([]);
    expect(localStorage.getItem(LOCAL_KEYS.fleetProfiles)).toBeNull();
    s().save({ name: "Start", settings: { tag_timeout: 5 } });
    s().save({ name: "Finish", settings: { uhf_power: "HIGH" } });
    s().compare("Start");
    s().save({ name: "Start line", settings: { tag_timeout: 6 } }, "Start");
    expect(s().profiles.map((p) => p.name)).toEqual(["Finish", "Start line"]);
    expect(s().compared).toBe("Start line");
    resetAllStores();
    expect(s().profiles[1]).toEqual({ name: "Start line", settings: { tag_timeout: 6 } });
    expect(s().compared).toBe("Start line");
    s().remove("Start line");
    expect(s()).toMatchObject({ profiles: [{ name: "Finish" }], compared: null });
  });

  it("a stored value that is not what it wrote: only valid profiles, and a comparison with one of them", () => {
    localStorage.setItem(
      LOCAL_KEYS.fleetProfiles,
      JSON.stringify({
        profiles: [
          { name: "ok", settings: { tag_timeout: 5 } },
          { name: "too long", settings: { tag_timeout: 99999 } },
          { name: "", settings: { tag_timeout: 5 } },
          "junk",
          null,
        ],
        compared: "too long",
      }),
    );
    expect(useProfiles.getState()).toMatchObject({ profiles: [{ name: "ok" }], compared: null });
    localStorage.setItem(LOCAL_KEYS.fleetProfiles, "{");
    resetAllStores();
    expect(useProfiles.getState()).toMatchObject({ profiles: [], compared: null });
  });
});
