// The unit's passings to a server over HTTP (D14): where the pure parts (queue.ts, sender.ts) meet the unit
// (UploadUnit: its clocks, configuration, identity, files, race control's open session and its own addresses).
//
// - While http_url is set the sender runs: every session with a cursor (queue.ts) goes to the server, oldest first,
//   in the format http_pckt_format names, at most one post every force_http_log seconds (0: 2 a second). It runs in
//   test mode too, until every session is acknowledged. The session open when http_url is set, and every one after
//   it, are posted from their first passing (queue.ts `follow`; emptied, sessions that open are not).
// - The configuration is looked at every 500 ms of the unit's clock: another http_url cuts a retry's wait short
//   (the same passings go to the new server), an empty one stops the posts (the cursors stay).
// - A literal address of the unit itself (its HTTP port or a timing port) is refused when set (`refuseUrl`: 400);
//   a name that resolves to it fails each post with that cause (transport.ts).
// - Boot opens the cursors again (a reboot or a power cut goes on from them); halt stops the sender (a post in flight
//   is abandoned: it goes again after boot) and the watch.
import { networkInterfaces } from "node:os";
import { maskUrl, type UploadTelemetry, uploadFormat, uploadRequest } from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import type { ResolvedOptions } from "../options.ts";
import type { RaceControl } from "../race/race-control.ts";
import { RANDOM_STREAMS, randomStream } from "../sim/noise.ts";
import type { ConfigStore } from "../state/config-store.ts";
import type { FileSystem } from "../state/file-system.ts";
import type { IdentityStore } from "../state/identity.ts";
import { SELF } from "./answer-words.ts";
import { CursorStore } from "./cursor-store.ts";
import { cursorFiles, sessionFiles } from "./files.ts";
import { type Batch, UploadQueue } from "./queue.ts";
import { isLiteralHost, pointsAtSelf, type SelfAddresses, urlPort } from "./self-address.ts";
import { type PostResult, Sender } from "./sender.ts";
import { postOverHttp } from "./transport.ts";

/** What the upload uses of the unit. */
export interface UploadUnit {
  /** Timers (and the host time they run on). */
  readonly hostClock: Clock;
  /** The unit's clock: the times the dataset reports. */
  readonly clock: Pick<Clock, "now">;
  readonly config: Pick<ConfigStore, "get">;
  readonly identity: Pick<IdentityStore, "value">;
  readonly files: Pick<FileSystem, "dir">;
  readonly timing: Pick<RaceControl, "openSession" | "ports">;
  readonly options: Pick<ResolvedOptions, "seed" | "host" | "log" | "uploadLookup">;
  /** The port the unit's HTTP API listens on (0 before it listens). */
  readonly httpPort: number;
}

/** How often the configuration is looked at, and the idle sender for new passings. */
export const UPLOAD_WATCH_MS = 500;

interface Run {
  queue: UploadQueue;
  sender: Sender<Batch>;
}

export class Upload {
  #run: Run | null = null;
  #watch: ClockTimer | null = null;
  /** The http_url the sender posts to ("" while stopped). */
  #url = "";
  /** Whether this power-on looked at http_url yet. */
  #looked = false;
  readonly #random: () => number;

  constructor(private readonly unit: UploadUnit) {
    this.#random = randomStream(unit.options.seed, RANDOM_STREAMS.upload);
  }

  /** Power-on: the cursors read again, the configuration watched. */
  async boot(): Promise<void> {
    if (this.#run) return;
    const dir = this.unit.files.dir;
    const queue = new UploadQueue(sessionFiles(dir), await CursorStore.open(cursorFiles(dir)));
    const clock = this.unit.hostClock;
    const sender = new Sender<Batch>(
      {
        next: async () => {
          await queue.refresh();
          return queue.next();
        },
        post: (batch, signal) => this.#post(batch, signal),
        acknowledged: async (batch) => {
          await queue.ack(batch);
        },
        empty: (batch) => batch.passings.length === 0,
      },
      {
        clock,
        random: this.#random,
        gapMs: () => this.#gapMs(),
        idleMs: UPLOAD_WATCH_MS,
        stamp: () => this.unit.clock.now(),
      },
    );
    this.#run = { queue, sender };
    this.#look();
  }

  /** Power-off: the watch stops, the post in flight is abandoned (it goes again after boot). */
  async halt(): Promise<void> {
    const run = this.#run;
    this.#run = null;
    this.unit.hostClock.clearTimeout(this.#watch);
    this.#watch = null;
    this.#url = "";
    this.#looked = false;
    await run?.sender.stop();
  }

  /** Why `url` cannot be http_url on this unit (it points at the unit itself), or null. */
  refuseUrl(url: string): string | null {
    if (!url) return null;
    try {
      const u = new URL(url);
      if (isLiteralHost(u.hostname) && pointsAtSelf(u.hostname, urlPort(u), this.#self())) {
        return `${SELF} (port ${urlPort(u)}): give the address of the results server`;
      }
    } catch {
      // not a URL: the configuration's own check says why
    }
    return null;
  }

  /** The dataset's `upload`: null when http_url is empty. */
  async telemetry(): Promise<UploadTelemetry | null> {
    const run = this.#run;
    const url = this.#configuredUrl();
    if (!run || !url) return null;
    // Files that cannot be read now: the dataset says what it knew (the sender says why in lastError).
    await run.queue.refresh().catch(() => {});
    const status = run.sender.status();
    const left = run.queue.left();
    const offset = this.unit.clock.now() - this.unit.hostClock.now();
    return {
      url: maskUrl(url),
      state: status.failures > 0 ? "failing" : left > 0 || status.phase === "posting" ? "sending" : "ok",
      acked: run.queue.acked(),
      left,
      oldestLeftAt: left > 0 ? await run.queue.oldestLeftAt().catch(() => null) : null,
      lastOkAt: status.lastOkAt,
      lastError: status.lastError,
      nextTryAt: status.nextAt === null ? null : status.nextAt + offset,
    };
  }

  /** Whether the sender is at work now: reading, posting, keeping a cursor (a benchmark waits before moving the clock). */
  get busy(): boolean {
    return this.#run?.sender.busy ?? false;
  }

  /** Passings the server has not acknowledged, or null when http_url is empty (Passings `left`, D14). */
  async left(): Promise<number | null> {
    const run = this.#run;
    if (!run || !this.#configuredUrl()) return null;
    await run.queue.refresh().catch(() => {});
    return run.queue.left();
  }

  /** UPLOAD_FROM: the session's passings from `from` on go again (see UploadQueue.uploadFrom). */
  async uploadFrom(
    session: string,
    from: number,
  ): Promise<{ ok: true; left: number; off: boolean } | { ok: false; reason: string }> {
    const run = this.#run;
    if (!run) return { ok: false, reason: "the unit is not running" };
    const moved = await run.queue.uploadFrom(session, from);
    if (!moved.ok) return moved;
    run.sender.forget();
    run.sender.poke(true);
    return { ...moved, off: !this.#configuredUrl() };
  }

  #configuredUrl(): string {
    return this.unit.config.get("http_url", "");
  }

  #gapMs(): number {
    const seconds = this.unit.config.get("force_http_log", 0);
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 500;
  }

  #self(): SelfAddresses {
    const ports = this.unit.timing.ports();
    return {
      listenHost: this.unit.options.host,
      staticIp: this.unit.config.get("static_ip", ""),
      interfaces: Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)),
      ports: [this.unit.httpPort, ports.raw ?? 0, ports.filtered ?? 0].filter((p) => p > 0),
    };
  }

  /** Starts, points elsewhere or stops the sender as http_url says, then looks again in a while. */
  #look(): void {
    const run = this.#run;
    if (!run) return;
    const url = this.#configuredUrl();
    if (url !== this.#url || !this.#looked) {
      const was = this.#url;
      this.#url = url;
      this.#looked = true;
      const log = (error: unknown) => this.unit.options.log(`upload: ${String(error)}`);
      if (!url) {
        void run.sender.stop();
        run.queue.unfollow().catch(log);
      } else if (!was) {
        // Sessions from the open one on (or the next) are posted; after a reboot, those it followed before.
        run.queue.follow(this.unit.timing.openSession).catch(log);
        run.sender.start();
      } else run.sender.poke(true);
    }
    // Looked at again once this turn is over: a long clock advance costs one look, not one per 500 ms.
    this.#watch = this.unit.hostClock
      .setTimeout(() => queueMicrotask(() => this.#look()), UPLOAD_WATCH_MS)
      .unref();
  }

  async #post(batch: Batch, signal: AbortSignal): Promise<PostResult> {
    const url = this.#url;
    if (!url) return { ok: false, error: "http_url is empty" };
    if (this.refuseUrl(url)) return { ok: false, error: SELF };
    const request = uploadRequest(
      uploadFormat(this.unit.config.get("http_pckt_format", 1)),
      this.unit.identity.value.deviceName,
      batch.session,
      batch.passings,
    );
    return postOverHttp({ url, ...request }, signal, {
      clock: this.unit.hostClock,
      ...(this.unit.options.uploadLookup ? { lookup: this.unit.options.uploadLookup } : {}),
      isSelf: (address, port) => pointsAtSelf(address, port, this.#self()),
    });
  }
}
