// Building blocks of the OpenAPI document: operations, their shared error answers and media types.
import { type JsonSchema, ref } from "./openapi-components.ts";

export const json = (schema: JsonSchema) => ({ "application/json": { schema } });

export const ERRORS = {
  400: ["BadRequest", "Refused input (body, query parameter, argument or value); the reason says which."],
  401: ["Unauthorized", "A wrong password, or a level below the one needed."],
  403: [
    "PublicOrigin",
    "A write (or preflight) from a page whose Origin is public: only the unit's own origin and private-network origins may use it. Nothing was done.",
  ],
  404: ["NotFound", "No such command, configuration key, file or mapping index."],
  409: [
    "UploadInProgress",
    "Another image's upload holds the unit (a chunk in the last 30 s, or an image awaiting its restart).",
  ],
  413: ["TooLarge", "The body is too large (JSON over 16 kB on the reference unit)."],
  415: [
    "WrongBodyType",
    "The body is not of this call's type (application/json; multipart/form-data for firmware). Nothing was done.",
  ],
  429: ["TooManyGuesses", "Too many wrong passwords from this address; wait Retry-After seconds."],
  500: ["InternalError", "The unit could not produce the answer."],
} as const;
export type ErrorStatus = keyof typeof ERRORS;

export function errorResponses(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, [name, description]] of Object.entries(ERRORS)) {
    const response: JsonSchema = { description, content: json(ref("ErrorBody")) };
    if (status === "429") {
      response.headers = {
        "Retry-After": {
          description: "Seconds until passwords are tested again.",
          schema: { type: "integer" },
        },
      };
    }
    out[name] = response;
  }
  return out;
}

/** Calls without a password: anyone on the network may make them (like the unit's own pages). */
export const NO_CREDENTIALS =
  "Credentials: none. The unit has no HTTP-level authentication (`security: []`): no header, cookie or token.";
/** Calls that carry a password: in the JSON body, not in a header (D3). */
export const BODY_CREDENTIALS =
  "Credentials: `auth_pw` in the JSON body (no HTTP-level authentication, hence `security: []`). The password's level is the request's level; without one the request has the default level, which suffices for calls at level 0. A wrong password is answered 401; too many wrong ones from one address, 429.";

export interface Op {
  id: string;
  tag: string;
  summary: string;
  description?: string;
  query?: { name: string; description: string; schema: JsonSchema };
  body?: JsonSchema;
  ok: JsonSchema;
  okText: string;
  errors?: readonly ErrorStatus[];
  /** Replaces the shared answer of an error status. */
  own?: Partial<Record<ErrorStatus, JsonSchema>>;
}

export function operation(o: Op): JsonSchema {
  const responses: Record<string, JsonSchema> = { 200: { description: o.okText, content: o.ok } };
  for (const status of o.errors ?? []) {
    responses[status] = o.own?.[status] ?? { $ref: `#/components/responses/${ERRORS[status][0]}` };
  }
  const credentials = o.body && o.errors?.includes(401) ? BODY_CREDENTIALS : NO_CREDENTIALS;
  return {
    operationId: o.id,
    tags: [o.tag],
    summary: o.summary,
    description: `${o.description ?? `${o.summary}.`}\n\n${credentials}`,
    security: [],
    ...(o.query && { parameters: [{ in: "query", required: true, ...o.query }] }),
    ...(o.body && { requestBody: { required: true, content: o.body } }),
    responses,
  };
}

export const pathOf = (address: string) => address.split("?")[0] ?? address;
export const camel = (dataset: string) =>
  dataset.replace(/(^|[/_])(\w)/g, (_, __, c: string) => c.toUpperCase());
export const WITH_PASSWORD = [400, 401, 404, 413, 429] as const;
