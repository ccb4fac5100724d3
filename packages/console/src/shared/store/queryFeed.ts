// Stores fed by query answers, outside the query functions: a query names in `meta.feed` what takes its answers (and
// what forgets them when it leaves the cache); one QueryCache subscription per client, made by its first such query.
import type { QueryCacheNotifyEvent, QueryClient } from "@tanstack/react-query";

/** The part of a cache event's action read here (an `updated` event's; the others have none). */
type Action = { type: string; data?: unknown; manual?: boolean };

export interface Feed<T> {
  /** Each answer a fetch brought (not data set by hand), with when it came. */
  answer(data: T, at: number): void;
  /** The query left the cache (unused past its gcTime, or cleared). */
  removed?(): void;
}

const followed = new WeakSet<QueryClient>();

function deliver({ query, action, type }: QueryCacheNotifyEvent & { action?: Action }): void {
  const feed = query.meta?.feed as Feed<unknown> | undefined;
  if (type === "removed") feed?.removed?.();
  else if (action?.type === "success" && !action.manual) feed?.answer(action.data, query.state.dataUpdatedAt);
}

/** The query options (`meta`) that give each of the query's answers in `client` to `feed`. */
export function fedTo<T>(client: QueryClient, feed: Feed<T>): { meta: { feed: Feed<T> } } {
  if (!followed.has(client)) {
    followed.add(client);
    client.getQueryCache().subscribe(deliver);
  }
  return { meta: { feed } };
}
