// The fleet's profiles, kept in the browser (localStorage `fleetProfiles`): each by name, and the one the Fleet page
// compares the units against.
import { persist } from "zustand/middleware";
import { lazyStore } from "../../store/lazyStore.ts";
import { local, plainStorage } from "../../store/storage.ts";
import { LOCAL_KEYS } from "../../store/storageKeys.ts";
import { PROFILE_FILE_VERSION, type Profile, readProfile } from "./profile.ts";

type Stored = { profiles: Profile[]; compared: string | null };

interface ProfileStore extends Stored {
  /** Keeps `profile` under its name (replacing one of that name, and `renamed`, the name it had before). */
  save(profile: Profile, renamed?: string): void;
  remove(name: string): void;
  /** The profile the Fleet page compares against (null: none). */
  compare(name: string | null): void;
}

const NONE: Stored = { profiles: [], compared: null };

/** A stored value as the store takes it: the profiles an imported file with them would give (others dropped). */
function storedProfiles(stored: unknown): Stored {
  const v = (stored ?? {}) as Partial<Record<keyof Stored, unknown>>;
  const profiles = (Array.isArray(v.profiles) ? v.profiles : []).flatMap((p) => {
    const read = readProfile(JSON.stringify({ ...p, trcProfile: PROFILE_FILE_VERSION }));
    return "profile" in read ? [read.profile] : [];
  });
  const compared = profiles.some((p) => p.name === v.compared) ? (v.compared as string) : null;
  return { profiles, compared };
}

export const useProfiles = lazyStore<ProfileStore>()(
  persist(
    (set, get) => ({
      ...NONE,
      save(profile, renamed) {
        const others = get().profiles.filter((p) => p.name !== profile.name && p.name !== renamed);
        const profiles = [...others, profile].sort((a, b) => a.name.localeCompare(b.name));
        const compared = get().compared === renamed ? profile.name : get().compared;
        set({ profiles, compared });
      },
      remove(name) {
        const { profiles, compared } = get();
        set({
          profiles: profiles.filter((p) => p.name !== name),
          compared: compared === name ? null : compared,
        });
      },
      compare: (compared) => set({ compared }),
    }),
    {
      name: LOCAL_KEYS.fleetProfiles,
      storage: plainStorage<Stored>(() => local, NONE),
      partialize: ({ profiles, compared }) => ({ profiles, compared }),
      merge: (stored, current) => ({ ...current, ...storedProfiles(stored) }),
    },
  ),
);

/** The profile the Fleet page compares against, or null. */
export function useComparedProfile(): Profile | null {
  return useProfiles((s) => s.profiles.find((p) => p.name === s.compared) ?? null);
}
