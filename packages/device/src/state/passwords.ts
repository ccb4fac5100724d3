// Passwords and their permission levels (D9 seeds), and how a request's credentials map to a level.
import { timingSafeEqual } from "node:crypto";
import { AUTH_MESSAGES, DEFAULT_LEVEL } from "@trc/protocol";
import { JsonDocument, readJsonFile } from "./atomic-file.ts";

export interface PasswordEntry {
  role: string;
  level: number;
  password: string;
}

export const OWNER_LEVEL = 20;

export const SEED_PASSWORDS: readonly PasswordEntry[] = [
  { role: "owner", level: OWNER_LEVEL, password: "owner-pass" },
  { role: "admin", level: 100, password: "admin-pass" },
  { role: "developer", level: 150, password: "dev-pass" },
];

/** What a request's credentials are worth: a level, or a refusal with its reason. */
export type Credential = { ok: true; level: number } | { ok: false; reason: string };

/** Passwords are kept and compared in Unicode NFC, so "café" typed either way is the same password. */
export const normalizePassword = (password: string) => password.normalize("NFC");

function same(a: string, b: string): boolean {
  const x = Buffer.from(normalizePassword(a));
  const y = Buffer.from(normalizePassword(b));
  return x.length === y.length && timingSafeEqual(x, y);
}

function isEntry(v: unknown): v is PasswordEntry {
  const e = v as PasswordEntry;
  return !!e && typeof e.role === "string" && typeof e.password === "string" && Number.isInteger(e.level);
}

export class PasswordStore {
  private constructor(private readonly doc: JsonDocument<PasswordEntry[]>) {}

  static async open(path: string): Promise<PasswordStore> {
    const stored = await readJsonFile(path);
    const entries = Array.isArray(stored) && stored.every(isEntry) ? stored : undefined;
    const store = new PasswordStore(new JsonDocument(path, entries ?? SEED_PASSWORDS.map((e) => ({ ...e }))));
    if (!entries) await store.doc.save();
    return store;
  }

  /** The level of a password, or null when no entry has it. */
  levelOf(password: string): number | null {
    let best: number | null = null;
    for (const e of this.doc.value) {
      if (same(e.password, password) && (best === null || e.level > best)) best = e.level;
    }
    return best;
  }

  /** No credentials (or empty ones): the default level; a known password: its level; anything else is refused. */
  resolve(auth: { auth_pw?: string | undefined; auth_key?: string | undefined }): Credential {
    if (auth.auth_pw) {
      const level = this.levelOf(auth.auth_pw);
      return level === null ? { ok: false, reason: "Password was incorrect" } : { ok: true, level };
    }
    if (auth.auth_key) {
      return { ok: false, reason: "Key authentication is not available on this unit" };
    }
    return { ok: true, level: DEFAULT_LEVEL };
  }

  get ownerPassword(): string {
    return this.doc.value.find((e) => e.role === "owner")?.password ?? "";
  }

  /**
   * Changes the owner password (kept in NFC); refuses one another role already uses, without saying which (two levels
   * cannot share a password, and naming the level would hand out its password). The same password again writes nothing.
   */
  async setOwnerPassword(password: string): Promise<string | null> {
    if (this.doc.value.some((e) => e.role !== "owner" && same(e.password, password))) {
      return AUTH_MESSAGES.unusable;
    }
    const normalized = normalizePassword(password);
    if (this.ownerPassword === normalized) return null;
    const next = this.doc.value.filter((e) => e.role !== "owner");
    next.unshift({ role: "owner", level: OWNER_LEVEL, password: normalized });
    await this.doc.set(next);
    return null;
  }
}
