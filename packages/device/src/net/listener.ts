// The HTTP listener that a reboot takes away: close it with every connection, listen again on the same port later.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * TCP keep-alive on every connection, probing after this long without traffic: a client gone without closing (a Wi-Fi
 * drop, no FIN) on a quiet socket is found by the kernel's probes, as a decoder's network stack does.
 */
export const TCP_KEEPALIVE_MS = 10_000;

export class Listener {
  #server: Server | null = null;
  #port: number;

  constructor(
    private readonly handler: RequestListener,
    private readonly host: string,
    port: number,
  ) {
    this.#port = port;
  }

  get port(): number {
    return this.#port;
  }

  get isUp(): boolean {
    return this.#server !== null;
  }

  /** Starts listening; the first call with port 0 takes a free port, and later calls reuse it. */
  async up(): Promise<void> {
    if (this.#server) return;
    const server = createServer(
      {
        keepAliveTimeout: 5000,
        requestTimeout: 30_000,
        keepAlive: true,
        keepAliveInitialDelay: TCP_KEEPALIVE_MS,
      },
      this.handler,
    );
    await new Promise<void>((resolve, reject) => {
      const failed = (err: Error) => reject(err);
      server.once("error", failed);
      server.listen(this.#port, this.host, () => {
        server.off("error", failed);
        resolve();
      });
    });
    server.on("error", (err) => process.stderr.write(`device: listener error: ${err.message}\n`));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /**
   * Like `up`, retrying while the port is still busy (another process may hold it for a moment). The pause is real
   * time: the port is the host's, not part of the unit's simulated time.
   */
  async upWithRetry(attempts = 50, pauseMs = 200): Promise<void> {
    for (let i = 1; ; i++) {
      try {
        return await this.up();
      } catch (err) {
        if (i >= attempts) throw err;
        await new Promise((r) => setTimeout(r, pauseMs));
      }
    }
  }

  /** Stops listening and drops every open connection, as a power cut would. */
  async down(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }
}
