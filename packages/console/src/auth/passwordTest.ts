// The password test (SPEC §4, §7): after 0.5 s, POST auth/test; the answer sets Password and its level, or resets to None.

import { useMutation } from "@tanstack/react-query";
import { API, AUTH_TEST_DELAY_MS, AuthTestResponse, fieldIssues } from "@trc/protocol";
import { DeviceError, errorText, isGuessLimit, reasonOf } from "../api/errors.ts";
import { sleep as sleepFor } from "../api/sleep.ts";
import { type Answer, write } from "../api/write.ts";
import { type AuthResult, useAuth } from "../shared/access/authStore.ts";
import { passwordTestMessage } from "../shared/access/authText.ts";

/** A scripted unit for tests; by default the write goes to the chosen unit. */
export type AuthFetcher = (json: { auth_pw?: string }) => Promise<Answer>;

export interface TestOutcome extends AuthResult {
  level?: number;
}

/**
 * Asks the device which level a password gives (an empty password is sent without auth_pw: the device answers 400).
 * Anything but a valid 200 throws a `DeviceError`: the status and the device's reason, or the broken fields.
 */
export async function askLevel(
  password: string,
  fetcher?: AuthFetcher,
  sleep: (ms: number) => Promise<void> = (ms) => sleepFor(ms),
): Promise<number> {
  await sleep(AUTH_TEST_DELAY_MS);
  const json = password ? { auth_pw: password } : {};
  const answer = await write(API.authTest, { json, only: 200 }, fetcher && (() => fetcher(json)));
  const parsed = AuthTestResponse.safeParse(answer.body);
  if (!parsed.success) throw DeviceError.contract(fieldIssues(parsed.error.issues, answer.body), answer.body);
  return parsed.data.level;
}

/** What a failed test says (SPEC §8): incorrect, missing, or the status and reason; no answer: why. */
export function failureMessage(err: unknown): string {
  if (isGuessLimit(err)) return err.message;
  if (err instanceof DeviceError && err.kind === "http" && err.status !== undefined)
    return passwordTestMessage(err.status, reasonOf(err.body) ?? undefined);
  return errorText(err);
}

/** A test's outcome as the page shows it, never throwing. */
export async function checkPassword(
  password: string,
  fetcher?: AuthFetcher,
  sleep: (ms: number) => Promise<void> = (ms) => sleepFor(ms),
): Promise<TestOutcome> {
  try {
    const level = await askLevel(password, fetcher, sleep);
    return { successful: true, responseMsg: passwordTestMessage(200), level };
  } catch (err) {
    return { successful: false, responseMsg: failureMessage(err) };
  }
}

/** The test as a mutation: success makes the password the credential (D7: session only), failure resets to None. */
export function usePasswordTest() {
  return useMutation({
    mutationFn: (password: string) => askLevel(password),
    onSuccess(level, password) {
      const store = useAuth.getState();
      store.setPassword(password);
      store.passwordTested({ successful: true, responseMsg: passwordTestMessage(200) }, level);
    },
    onError(err) {
      const store = useAuth.getState();
      // The guessing limit evaluated nothing: the level and credential in use stay, the wait is shown.
      if (isGuessLimit(err))
        return store.passwordTestLimited({ successful: false, responseMsg: failureMessage(err) });
      store.setPassword("");
      store.passwordTested({ successful: false, responseMsg: failureMessage(err) });
    },
  });
}
