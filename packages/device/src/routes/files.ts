// The unit's files: list, download, delete (one, or all/logging/timing), and recreating the example files.
import { API } from "@trc/protocol";
import type { Device } from "../device.ts";
import { type DeviceApp, type DeviceContext, endpoint, fail, pathOf } from "../http.ts";
import { checkFileName, isLogFile, isTimingFile } from "../state/file-system.ts";

const TYPES: Record<string, string> = {
  csv: "text/csv; charset=utf-8",
  log: "text/plain; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  json: "application/json",
};

function contentType(name: string): string {
  return TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The checked `fileName` query value, or the 400 answer. */
function fileName(c: DeviceContext): string | Response {
  const check = checkFileName(c.req.query("fileName"));
  return check.ok ? check.name : fail(c, 400, check.reason);
}

export function fileRoutes(app: DeviceApp, device: Device): void {
  const files = device.files;

  endpoint(app, API.filesAll, { GET: async (c) => c.json({ files: await files.list() }) });

  endpoint(app, pathOf(API.fileDownload("x")), {
    GET: async (c) => {
      const name = fileName(c);
      if (typeof name !== "string") return name;
      const bytes = await files.read(name);
      if (!bytes) return fail(c, 404, `No file named ${name}`);
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": contentType(name),
        "Content-Disposition": attachment(name),
        "Content-Length": String(bytes.length),
      });
    },
  });

  endpoint(app, pathOf(API.fileDelete("x")), {
    DELETE: async (c) => {
      const name = fileName(c);
      if (typeof name !== "string") return name;
      return (await files.remove(name)) ? c.json({ deleted: name }) : fail(c, 404, `No file named ${name}`);
    },
  });

  endpoint(app, API.filesRefresh, {
    POST: async (c) => {
      const written = await files.writeExamples(device.hostClock.now());
      return c.json({ refreshed: written, files: await files.list() });
    },
  });

  const bulk = (match: (name: string) => boolean) => ({
    DELETE: async (c: DeviceContext) => {
      const deleted = await files.removeWhere(match);
      return c.json({ deleted, count: deleted.length });
    },
  });
  endpoint(
    app,
    API.filesDeleteAll,
    bulk(() => true),
  );
  endpoint(app, API.filesDeleteLogging, bulk(isLogFile));
  endpoint(app, API.filesDeleteTiming, bulk(isTimingFile));
}
