// The kit's own results server for D14's destructive check: it listens on the address this machine has towards the
// unit, answers every post 200, and keeps each post as a server reads it (@trc/protocol's parseUploadPost).
import { createServer, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { type ParsedPost, parseUploadPost } from "@trc/protocol";

export interface ReceivedPost {
  contentType: string;
  parsed: ParsedPost;
}

export interface KitReceiver {
  readonly url: string;
  readonly posts: ReceivedPost[];
  close(): Promise<void>;
}

/** This machine's address on the way to `host:port` (what the unit can post back to). */
export function localAddressTowards(host: string, port: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once("connect", () => {
      const address = socket.localAddress ?? "127.0.0.1";
      socket.destroy();
      resolve(address.replace(/^::ffff:/, ""));
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`no connection to ${host}:${port} within ${timeoutMs} ms`));
    });
    socket.once("error", reject);
  });
}

export async function startKitReceiver(address: string): Promise<KitReceiver> {
  const posts: ReceivedPost[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= 1024 * 1024) chunks.push(c);
    });
    req.on("end", () => {
      const contentType = req.headers["content-type"] ?? "";
      const header = (name: string) => {
        const v = req.headers[name.toLowerCase()];
        return Array.isArray(v) ? v[0] : v;
      };
      posts.push({
        contentType,
        parsed: parseUploadPost(contentType, header, Buffer.concat(chunks).toString("utf8")),
      });
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, address, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/trc-conformance`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
