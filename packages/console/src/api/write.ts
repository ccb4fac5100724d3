// A write to the unit: sent through the one client; any answer but 2xx is thrown as a DeviceError with its reason.
import { type RawAnswer, type RequestOptions, send } from "./client.ts";
import { DeviceError } from "./errors.ts";

/** Sends a write (POST or DELETE) and resolves with a 2xx answer; a refusal throws `DeviceError.http`. */
export async function write(path: string, opts: RequestOptions): Promise<RawAnswer> {
  const answer = await send(path, { priority: 1, ...opts });
  if (!answer.ok) throw DeviceError.http(answer.status, answer.body, answer.retryAfterS);
  return answer;
}
