// The embedded MQTT broker (Aedes, in-process): a TCP listener and a WebSocket listener, an optional login, and a
// stop/start on the same ports that keeps its sessions and retained messages (a broker restart, for outage tests).
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { type AddressInfo, createServer, type Server } from "node:net";
import type { Duplex } from "node:stream";
import { Aedes, type AuthenticateError } from "aedes";
import { createWebSocketStream, type WebSocket, WebSocketServer } from "ws";
import { deliverRetainedInWindows } from "./retained-window.ts";

export interface BrokerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** WebSocket port; 0 (default) picks a free one. */
  wsPort?: number;
  /** When set, clients must log in with this user name and password. */
  auth?: { username: string; password: string };
}

export interface RunningBroker {
  readonly host: string;
  readonly port: number;
  readonly wsPort: number;
  /** mqtt://host:port: what a unit's MQTT_SET names as host:port. */
  readonly url: string;
  /** ws://host:wsPort: what a browser connects to. */
  readonly wsUrl: string;
  /** `host:port`, MQTT_SET's argument. */
  readonly server: string;
  /** The broker's process id (this process for the embedded broker), for CPU figures. */
  pid(): number | undefined;
  /** Clients connected now. */
  clients(): number;
  /** The broker goes away (every connection dropped, listeners closed); its sessions and retained messages stay. */
  stop(): Promise<void>;
  /** The broker comes back on the same ports. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const BAD_LOGIN = 4;

function listen(server: Server | HttpServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * A WebSocket as the stream Aedes reads and writes, each tick's writes sent as one frame. Aedes (mqtt-packet) writes a
 * packet in pieces (header, length, topic, id, payload) between a cork and an uncork on the next tick; ws's stream has
 * no `_writev`, so it sent every piece as a frame of its own (about 5 a message, each a message event for the page).
 * With `_writev` the pieces buffered while corked (or while a send is pending) go out in one `ws.send`; reads,
 * closing and backpressure (the send's callback) stay ws's. MQTT over WebSocket lets a frame hold several packets.
 */
function packetStream(socket: WebSocket): Duplex {
  const stream = createWebSocketStream(socket);
  stream._writev = (chunks, done) =>
    stream._write(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), "binary", done);
  return stream;
}

const hostInUrl = (host: string) => (host.includes(":") ? `[${host}]` : host);

export async function startBroker(o: BrokerOptions = {}): Promise<RunningBroker> {
  const host = o.host ?? "127.0.0.1";
  let port = o.port ?? 0;
  let wsPort = o.wsPort ?? 0;
  let persistence: unknown;
  let running: { aedes: Aedes; tcp: Server; http: HttpServer; wss: WebSocketServer } | null = null;

  async function up(): Promise<void> {
    // concurrency 0: no cap on deliveries in flight. With Aedes's cap (100), a slow subscriber fills it, publishes
    // queue in mqemitter, and each queued one that no client subscribes to (the reads) completes synchronously and
    // starts the next: a recursion as deep as the queue ("Maximum call stack size exceeded" at 500 units).
    const aedes = await Aedes.createBroker({ concurrency: 0, ...(persistence ? { persistence } : {}) });
    persistence = (aedes as unknown as { persistence: unknown }).persistence;
    deliverRetainedInWindows(aedes);
    const auth = o.auth;
    if (auth) {
      aedes.authenticate = (_client, username, password, done) => {
        if (username === auth.username && password?.toString() === auth.password) return done(null, true);
        const err = new Error("Bad user name or password") as AuthenticateError;
        err.returnCode = BAD_LOGIN;
        done(err, false);
      };
    }
    const tcp = createServer((socket) => aedes.handle(socket));
    const http = createHttpServer((_req, res) => {
      res.writeHead(426, { "Content-Type": "text/plain" }).end("An MQTT broker: connect with WebSocket\n");
    });
    const wss = new WebSocketServer({ server: http });
    wss.on("connection", (socket, req) => {
      const stream = packetStream(socket);
      stream.on("error", () => stream.destroy());
      aedes.handle(stream, req);
    });
    port = await listen(tcp, port, host);
    wsPort = await listen(http, wsPort, host);
    running = { aedes, tcp, http, wss };
  }

  async function down(): Promise<void> {
    const r = running;
    if (!r) return;
    running = null;
    const closed = (s: Server | HttpServer) => new Promise<void>((resolve) => s.close(() => resolve()));
    const tcpClosed = closed(r.tcp);
    const httpClosed = closed(r.http);
    for (const client of r.wss.clients) client.terminate();
    r.wss.close();
    r.http.closeAllConnections();
    await new Promise<void>((resolve) => r.aedes.close(() => resolve()));
    await Promise.all([tcpClosed, httpClosed]);
  }

  await up();
  return {
    host,
    get port() {
      return port;
    },
    get wsPort() {
      return wsPort;
    },
    get url() {
      return `mqtt://${hostInUrl(host)}:${port}`;
    },
    get wsUrl() {
      return `ws://${hostInUrl(host)}:${wsPort}`;
    },
    get server() {
      return `${hostInUrl(host)}:${port}`;
    },
    pid: () => process.pid,
    clients: () => running?.aedes.connectedClients ?? 0,
    stop: down,
    start: async () => {
      if (!running) await up();
    },
    close: down,
  };
}
