// Permission levels of SPEC §6: the named table and the numeric-to-named mapping.

export interface NamedLevel {
  readonly level: number;
  readonly name: string;
  readonly short: string;
}

export const LEVELS: readonly NamedLevel[] = [
  { level: 5, name: "Limited", short: "limt" },
  { level: 10, name: "Default", short: "def" },
  { level: 20, name: "Owner", short: "ownr" },
  { level: 50, name: "Server", short: "srvr" },
  { level: 80, name: "Technical", short: "tech" },
  { level: 100, name: "Admin", short: "admn" },
  { level: 150, name: "Developer", short: "dev" },
  { level: 250, name: "Unavailable", short: "unavl" },
];

const UNAVAILABLE = LEVELS[LEVELS.length - 1] as NamedLevel;

/** A numeric level maps to the first named level at or above it; above 250 is Unavailable. */
export function namedLevel(level: number): NamedLevel {
  return LEVELS.find((l) => l.level >= level) ?? UNAVAILABLE;
}

export function isValidLevel(level: unknown): level is number {
  return typeof level === "number" && Number.isInteger(level) && level >= 0 && level <= 255;
}
