// GET /api/openapi.json: the device API's OpenAPI 3.1 document, generated from @trc/protocol once per process.
import { buildOpenApi, OPENAPI_PATH } from "@trc/protocol";
import { type DeviceApp, endpoint } from "../http.ts";

export function openApiRoutes(app: DeviceApp): void {
  let document: object | null = null;
  endpoint(app, OPENAPI_PATH, {
    GET: (c) => {
      document ??= buildOpenApi();
      return c.json(document);
    },
  });
}
