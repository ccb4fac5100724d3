// The password test (SPEC §4, §7): after 0.5 s, POST auth/test; the answer sets Password and its level, or resets to None.

import { API, AUTH_TEST_DELAY_MS, AuthTestResponse, fieldIssues, formatIssues } from "@trc/protocol";
import { send } from "../api/client.ts";
import { errorText, reasonOf } from "../api/errors.ts";
import { sleep as sleepFor } from "../api/sleep.ts";
import { type AuthResult, useAuth } from "../shared/authStore.ts";
import { passwordTestMessage } from "./authText.ts";

export type AuthFetcher = (json: { auth_pw?: string }) => Promise<{ status: number; body: unknown }>;

export interface TestOutcome extends AuthResult {
  level?: number;
}

const defaultFetcher: AuthFetcher = (json) => send(API.authTest, { method: "POST", json, priority: 1 });

/** Asks the device which level a password gives. An empty password is sent without auth_pw (the device answers 400). */
export async function checkPassword(
  password: string,
  fetcher: AuthFetcher = defaultFetcher,
  sleep: (ms: number) => Promise<void> = (ms) => sleepFor(ms),
): Promise<TestOutcome> {
  await sleep(AUTH_TEST_DELAY_MS);
  try {
    const answer = await fetcher(password ? { auth_pw: password } : {});
    if (answer.status !== 200) {
      return {
        successful: false,
        responseMsg: passwordTestMessage(answer.status, reasonOf(answer.body) ?? undefined),
      };
    }
    const parsed = AuthTestResponse.safeParse(answer.body);
    if (!parsed.success) {
      const why = formatIssues(fieldIssues(parsed.error.issues, answer.body));
      return { successful: false, responseMsg: `Unexpected answer from the device: ${why}` };
    }
    return { successful: true, responseMsg: passwordTestMessage(200), level: parsed.data.level };
  } catch (err) {
    return { successful: false, responseMsg: errorText(err) };
  }
}

/** Runs a test and applies it to the auth store: success makes the password the credential (D7: session only). */
export async function testPassword(password: string): Promise<TestOutcome> {
  const auth = useAuth.getState();
  auth.setQuerying(true);
  try {
    const outcome = await checkPassword(password);
    const store = useAuth.getState();
    store.setPassword(outcome.successful ? password : "");
    store.passwordTested({ successful: outcome.successful, responseMsg: outcome.responseMsg }, outcome.level);
    return outcome;
  } finally {
    useAuth.getState().setQuerying(false);
  }
}
