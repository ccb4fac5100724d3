// A small results server to try D14 with (`npm run receiver`): it takes the unit's posts in both formats, keeps each
// (device, session, n) once (store.ts), prints a line per post, and can be told to refuse (503), stall (take the post
// and never answer), hold (keep the passings and never answer: an answer lost on the way, the post comes again) or
// go down (nothing listens: connection refused), to try outages. docs/UPLOAD.md.
//
// Control (what `npm run receiver` reads on its stdin too): POST /__receiver/mode {"mode": "ok" | "refuse" | "stall"
// | "hold" | "down"} (from another process only while up), GET /__receiver/stats. Any other POST is a post of passings.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { escapeControlChars, parseUploadPost } from "@trc/protocol";
import { ReceiverStore } from "./store.ts";

export const RECEIVER_MODES = ["ok", "refuse", "stall", "hold", "down"] as const;
export type ReceiverMode = (typeof RECEIVER_MODES)[number];

export interface ReceiverOptions {
  dir: string;
  port?: number;
  host?: string;
  mode?: ReceiverMode;
  /** A line per post and per change of mode (default: none). */
  log?: (line: string) => void;
  /** The largest body taken (default 1 MB; 500 passings take about 60 kB). */
  maxBodyBytes?: number;
}

export interface ReceiverStats {
  /** Posts answered 200, and the passings they held: kept for the first time, or kept already. */
  posts: number;
  stored: number;
  repeats: number;
  /** Posts answered 503 (refuse), held unanswered (stall), kept and not answered (hold), refused as bodies (4xx). */
  refused: number;
  stalled: number;
  held: number;
  bad: number;
}

export interface RunningReceiver {
  readonly url: string;
  readonly port: number;
  readonly store: ReceiverStore;
  mode(): ReceiverMode;
  setMode(mode: ReceiverMode): Promise<void>;
  stats(): ReceiverStats;
  close(): Promise<void>;
}

const CONTROL = "/__receiver/";

function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > max ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(null));
  });
}

function answer(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}

export async function startReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const store = await ReceiverStore.open(options.dir);
  const log = options.log ?? (() => {});
  const max = options.maxBodyBytes ?? 1024 * 1024;
  const host = options.host ?? "127.0.0.1";
  let mode: ReceiverMode = options.mode ?? "ok";
  const stats: ReceiverStats = { posts: 0, stored: 0, repeats: 0, refused: 0, stalled: 0, held: 0, bad: 0 };
  const sockets = new Set<Socket>();
  /** The connections of the posts a stall holds. */
  const held = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (path.startsWith(CONTROL)) {
      if (path === `${CONTROL}stats` && req.method === "GET") return answer(res, 200, { mode, ...stats });
      const body = await readBody(req, 4096);
      const wanted = (() => {
        try {
          return (JSON.parse(body ?? "") as { mode?: unknown }).mode;
        } catch {
          return undefined;
        }
      })();
      if (
        path !== `${CONTROL}mode` ||
        req.method !== "POST" ||
        !RECEIVER_MODES.includes(wanted as ReceiverMode)
      ) {
        return answer(res, 400, { error: `POST ${CONTROL}mode {"mode": ${RECEIVER_MODES.join(" | ")}}` });
      }
      // Once the answer has left: going down closes every connection, this one too.
      res.on("finish", () => void running.setMode(wanted as ReceiverMode));
      return answer(res, 200, { mode: wanted });
    }
    if (req.method !== "POST")
      return answer(res, 405, { error: "POST the passings here" }, { Allow: "POST" });
    if (mode === "stall") {
      held.add(req.socket);
      stats.stalled++;
      log("post held without an answer (stall)");
      return;
    }
    const body = await readBody(req, max);
    if (mode === "refuse") {
      stats.refused++;
      log("post refused: 503 (refuse)");
      return answer(res, 503, { error: "The receiver was told to refuse" }, { "Retry-After": "10" });
    }
    if (body === null) {
      stats.bad++;
      return answer(res, 413, { error: `A body of at most ${max} bytes` });
    }
    const parsed = parseUploadPost(
      req.headers["content-type"] ?? "",
      (name) => {
        const v = req.headers[name.toLowerCase()];
        return Array.isArray(v) ? v[0] : v;
      },
      body,
    );
    if (!parsed.ok) {
      stats.bad++;
      log(`post refused: 400 ${parsed.reason}`);
      return answer(res, 400, { error: parsed.reason });
    }
    const { device, session, passings } = parsed.value;
    try {
      const kept = await store.keep(device, session, passings);
      if (mode === "hold") {
        held.add(req.socket);
        stats.held++;
        stats.stored += kept.fresh;
        stats.repeats += kept.repeats;
        log(
          `${escapeControlChars(`${device} ${session}`)}: ${kept.fresh} new, ${kept.repeats} repeats kept; no answer (hold)`,
        );
        return;
      }
      stats.posts++;
      stats.stored += kept.fresh;
      stats.repeats += kept.repeats;
      const format = body.trimStart().startsWith("{") ? "json" : "text";
      const range = passings.length ? `n ${passings[0]?.n}..${passings.at(-1)?.n}` : "none";
      log(
        `${escapeControlChars(device)} ${escapeControlChars(session)} ${format}: ${passings.length} passings (${range}), ${kept.fresh} new, ${kept.repeats} repeats`,
      );
      return answer(res, 200, { stored: kept.fresh, repeats: kept.repeats });
    } catch (error) {
      return answer(res, 500, { error: `could not keep them: ${String(error)}` });
    }
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  const port = await listen(options.port ?? 0);
  const hostInUrl = host.includes(":") ? `[${host}]` : host;
  const running: RunningReceiver = {
    url: `http://${hostInUrl}:${port}/passings`,
    port,
    store,
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const was = mode;
      mode = next;
      log(`mode ${next}`);
      if (next === "down") await down();
      else if (was === "down") await listen(port);
      // Posts held by a stall are let go (the unit has given up on them by its own timeout).
      if (was === "stall" || was === "hold") for (const s of held) s.destroy();
      held.clear();
    },
    stats: () => ({ ...stats }),
    close: async () => {
      if (mode !== "down") await down();
    },
  };
  if (mode === "down") await down();
  return running;
}
