// HTTP client of the kit: one request at a time, cross-origin like the console, every answer kept for the header checks.

/** The Origin the kit sends, as a console served from another machine of the race network (a .local name) would. */
export const KIT_ORIGIN = "http://conformance-kit.local";

export interface Answer {
  readonly method: string;
  /** Path and query as sent, e.g. /api/config/get. */
  readonly path: string;
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
  readonly text: string;
  /** The body parsed as JSON; undefined when it is not JSON (see jsonError). */
  readonly json: unknown;
  readonly jsonError?: string;
  /** The Origin the request carried (KIT_ORIGIN unless a check sent another). */
  readonly origin: string;
}

export interface RequestOptions {
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  form?: FormData;
  /** A body sent as is, with the Content-Type the headers name (or none). */
  text?: string;
  headers?: Record<string, string>;
  /** Waits out 429 + Retry-After (a password block left by an earlier run) up to this long; default the client's. */
  waitOn429Ms?: number;
}

/** A request that got no answer at all (refused, reset, timed out). */
export class NoAnswer extends Error {
  constructor(
    readonly call: string,
    cause: unknown,
  ) {
    const why =
      cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : cause;
    super(`${call}: no answer (${String(why)})`);
  }
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class UnitClient {
  /** Every answer so far, in order (preflights excluded). */
  readonly answers: Answer[] = [];

  constructor(
    readonly base: string,
    readonly timeoutMs: number,
    /** How long a request waits out 429 answers with Retry-After, in all. */
    readonly waitOn429Ms = 0,
    private readonly onWait: (text: string) => void = () => {},
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    let waited = 0;
    for (;;) {
      const answer = await this.once(method, path, options);
      const retryAfter = Number(answer.headers.get("retry-after") ?? "");
      const budget = (options.waitOn429Ms ?? this.waitOn429Ms) - waited;
      if (answer.status !== 429 || !Number.isFinite(retryAfter) || retryAfter * 1000 > budget) return answer;
      const ms = Math.max(1, retryAfter) * 1000;
      this.onWait(
        `waiting ${retryAfter} s: ${callOf(answer)} answered 429 with Retry-After (wrong passwords of an earlier run?)`,
      );
      await sleep(ms);
      waited += ms;
    }
  }

  get(path: string): Promise<Answer> {
    return this.request("GET", path);
  }

  post(path: string, json: unknown): Promise<Answer> {
    return this.request("POST", path, { json });
  }

  /** A CORS preflight; not kept in `answers`. */
  async preflight(
    path: string,
    method: string,
    headers: string,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    return this.once("OPTIONS", path, {
      headers: {
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": headers,
        ...extra,
      },
    });
  }

  private async once(method: string, path: string, options: RequestOptions): Promise<Answer> {
    const headers: Record<string, string> = { Origin: KIT_ORIGIN, ...options.headers };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    } else if (options.text !== undefined) {
      body = options.text;
    }
    const call = `${method} ${path}`;
    let res: Response;
    let bytes: Uint8Array;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (err) {
      throw new NoAnswer(call, err);
    }
    const text = new TextDecoder().decode(bytes);
    let json: unknown;
    let jsonError: string | undefined;
    try {
      json = JSON.parse(text);
    } catch (err) {
      jsonError = text.trim() ? `not JSON (${(err as Error).message})` : "an empty body";
    }
    const answer: Answer = {
      method,
      path,
      status: res.status,
      headers: res.headers,
      bytes,
      text,
      json,
      jsonError,
      origin: headers.Origin ?? KIT_ORIGIN,
    };
    if (method !== "OPTIONS") this.answers.push(answer);
    return answer;
  }
}

/** "POST /api/commands/execute" */
export const callOf = (a: Pick<Answer, "method" | "path">) => `${a.method} ${a.path}`;
