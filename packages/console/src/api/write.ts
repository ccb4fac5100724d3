// The one way to write to a unit: sent through the one client; an answer not accepted is thrown as a DeviceError.
import { type RawAnswer, type RequestOptions, send } from "./client.ts";
import { DeviceError } from "./errors.ts";

/** What a write reads of an answer. */
export type Answer = Pick<RawAnswer, "status" | "body" | "retryAfterS">;
type Via<A> = (path: string, opts: RequestOptions) => Promise<A>;

export interface WriteOptions extends RequestOptions {
  /** The one status that counts as done (delete and config set: 200, SPEC §7, §8); by default any 2xx. */
  only?: number;
}

/**
 * Sends a write (POST or DELETE) and resolves with its answer when accepted; any other throws `DeviceError.http`
 * (the status, the device's reason, Retry-After). `via` sends it: the client's `send` unless a caller records the
 * answer on its way (the command history) or a test scripts the unit.
 */
export async function write<A extends Answer = RawAnswer>(
  path: string,
  { only, ...opts }: WriteOptions,
  via: Via<A> = send as Via<never>,
): Promise<A> {
  const answer = await via(path, { priority: 1, ...opts });
  const { status, body, retryAfterS } = answer;
  if (only ? status !== only : status < 200 || status > 299)
    throw DeviceError.http(status, body, retryAfterS);
  return answer;
}
