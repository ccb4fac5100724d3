// Texts of the auth state: the auth type as the status bar names it, and the password test's outcome (SPEC §8).
import { AUTH_MESSAGES, type AuthType } from "@trc/protocol";

export const NO_AUTH = "No auth configured!";

export function authTypeText(type: AuthType): string {
  return type === "PASSWORD" ? "Pass" : type === "KEY" ? "Key" : NO_AUTH;
}

/** The message of a password test answer: 200 success, 401 incorrect, 400 missing; anything else names the status. */
export function passwordTestMessage(status: number, reason?: string): string {
  if (status === 200) return AUTH_MESSAGES.success;
  if (status === 401) return AUTH_MESSAGES.incorrect;
  if (status === 400) return AUTH_MESSAGES.missing;
  return `HTTP ${status}${reason ? `: ${reason}` : ""}`;
}
