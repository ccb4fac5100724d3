// The unit's MQTT publications (D11) as an AsyncAPI 3.0 document, from the same schemas as the OpenAPI one (pure).
import * as z from "zod/mini";
import {
  MQTT_CONTRACT,
  MQTT_DEFAULT_PORT,
  MQTT_TELEMETRY_DATASETS,
  MqttIdentity,
  MqttStatus,
} from "./mqtt.ts";
import { componentSchemas, type JsonSchema, ref, schemaName } from "./openapi-components.ts";
import { API_CONTACT } from "./openapi-text.ts";
import { ReadsBatch } from "./passings-stream.ts";
import { UNIT_DATASET_SCHEMAS, type UnitDataset } from "./timing.ts";

export const ASYNCAPI_VERSION = "3.0.0";
const MQTT_BINDING = "0.2.0";

export type AsyncApiDocument = JsonSchema & {
  asyncapi: string;
  channels: Record<string, JsonSchema>;
  operations: Record<string, JsonSchema>;
  components: { schemas: Record<string, JsonSchema>; messages: Record<string, JsonSchema> };
};

const INTRO = `What a Timing Reader unit publishes on an MQTT broker (DECISIONS D11). The unit is the only publisher of its topics; the console (or any subscriber) reads them, typically with \`trc/#\`.

The unit connects to the server that the command \`MQTT_SET host:port\` names (port ${MQTT_DEFAULT_PORT} when left out), MQTT 3.1.1 over TCP, as client id \`mqtt_client_id\` (its configuration), keep-alive ${MQTT_CONTRACT.keepAliveS} s, clean session off, with a will: \`trc/{unitId}/status\` = \`offline\`, QoS 1, retained. \`MQTT_SET\` with an empty server publishes \`offline\`, disconnects cleanly and stops publishing. The server is kept across reboots.

Reads made while the broker is away are published when it is back, oldest first; until the broker acknowledges them (PUBACK) they count in the passings dataset's \`left\`.`;

const unitId = {
  description: "The unit's MQTT client id (`mqtt_client_id`): 1 to 23 letters, digits, - or _.",
  examples: ["DECODER-01"],
};

interface Topic {
  key: string;
  suffix: string;
  title: string;
  summary: string;
  schema: string;
  qos: 0 | 1;
  retain: boolean;
  contentType?: string;
  examples?: JsonSchema[];
}

const datasetKey = (d: UnitDataset) => `telemetry_${d.replace("/", "_")}`;

function topics(): Topic[] {
  return [
    {
      key: "status",
      suffix: "status",
      title: "Status",
      summary: "`online` on every connect; `offline` as the will and before a clean disconnect.",
      schema: "MqttStatus",
      qos: 1,
      retain: true,
      contentType: "text/plain",
      examples: [{ name: "online", payload: "online" }],
    },
    {
      key: "identity",
      suffix: "identity",
      title: "Identity",
      summary: "The unit's name, mode and console address, on every connect.",
      schema: "MqttIdentity",
      qos: 1,
      retain: true,
      examples: [
        { name: "unit", payload: { deviceName: "DECODER-01", mode: "uhf", address: "http://192.168.1.40" } },
      ],
    },
    ...MQTT_TELEMETRY_DATASETS.map(
      (dataset): Topic => ({
        key: datasetKey(dataset),
        suffix: `telemetry/${dataset}`,
        title: `Telemetry ${dataset}`,
        summary: `The same JSON as GET /api/telemetry/${dataset}, every ${MQTT_CONTRACT.telemetryEveryMs / 1000} s and when it changes.`,
        schema: schemaName(UNIT_DATASET_SCHEMAS[dataset]),
        qos: 0,
        retain: true,
      }),
    ),
    {
      key: "reads",
      suffix: "reads",
      title: "Reads",
      summary: "Every tag read, in batches exactly as the read stream's (D10): seqs grow by 1, oldest first.",
      schema: schemaName(ReadsBatch),
      qos: 1,
      retain: false,
    },
  ];
}

/** The schemas a set of names needs, following $refs. */
function closure(all: Record<string, JsonSchema>, names: readonly string[]): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const visit = (name: string) => {
    const schema = all[name];
    if (out[name] || !schema) return;
    out[name] = schema;
    const text = JSON.stringify(schema);
    for (const m of text.matchAll(/#\/components\/schemas\/([A-Za-z0-9_]+)/g)) if (m[1]) visit(m[1]);
  };
  for (const name of names) visit(name);
  return Object.fromEntries(Object.keys(all).flatMap((k) => (out[k] ? [[k, out[k]]] : [])));
}

export function buildAsyncApi(): AsyncApiDocument {
  const list = topics();
  const mqttSchemas: Record<string, JsonSchema> = {
    MqttStatus: { description: "online or offline.", ...(z.toJSONSchema(MqttStatus) as JsonSchema) },
    MqttIdentity: {
      description: "The unit's name, mode and its console's address (null when it does not know one).",
      ...(z.toJSONSchema(MqttIdentity) as JsonSchema),
    },
  };
  for (const s of Object.values(mqttSchemas)) delete s.$schema;
  const schemas = {
    ...closure(
      componentSchemas(),
      list.map((t) => t.schema),
    ),
    ...mqttSchemas,
  };
  const channels: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  const messages: Record<string, JsonSchema> = {};
  for (const t of list) {
    const message = `${t.key}Message`;
    messages[message] = {
      name: message,
      title: t.title,
      summary: t.summary,
      contentType: t.contentType ?? "application/json",
      payload: ref(t.schema),
      ...(t.examples ? { examples: t.examples } : {}),
    };
    channels[t.key] = {
      address: `trc/{unitId}/${t.suffix}`,
      title: t.title,
      description: `${t.summary} QoS ${t.qos}, ${t.retain ? "retained" : "not retained"}.`,
      parameters: { unitId: { $ref: "#/components/parameters/unitId" } },
      messages: { [message]: { $ref: `#/components/messages/${message}` } },
    };
    operations[`publish_${t.key}`] = {
      action: "send",
      title: `The unit publishes its ${t.title.toLowerCase()}`,
      summary: t.summary,
      description: `QoS ${t.qos}, ${t.retain ? "retained: a new subscriber gets the last one at once" : "not retained"}.`,
      channel: { $ref: `#/channels/${t.key}` },
      messages: [{ $ref: `#/channels/${t.key}/messages/${message}` }],
      bindings: { mqtt: { qos: t.qos, retain: t.retain, bindingVersion: MQTT_BINDING } },
    };
  }
  return {
    asyncapi: ASYNCAPI_VERSION,
    info: {
      title: "Timing Reader unit on an MQTT broker",
      version: "1.0.0",
      description: INTRO,
      contact: API_CONTACT,
      tags: [{ name: "unit", description: "Published by a unit" }],
    },
    defaultContentType: "application/json",
    servers: {
      broker: {
        host: `broker.example.org:${MQTT_DEFAULT_PORT}`,
        protocol: "mqtt",
        protocolVersion: "3.1.1",
        description: "The broker MQTT_SET names (any MQTT 3.1.1 broker: Mosquitto, EMQX, HiveMQ, Aedes).",
        bindings: {
          mqtt: {
            cleanSession: false,
            keepAlive: MQTT_CONTRACT.keepAliveS,
            lastWill: { topic: "trc/{unitId}/status", qos: 1, message: "offline", retain: true },
            bindingVersion: MQTT_BINDING,
          },
        },
      },
    },
    channels,
    operations,
    components: { schemas, messages, parameters: { unitId } },
  } as AsyncApiDocument;
}

/** The document as written to docs/asyncapi.json: two-space indented, final newline. */
export function asyncApiJson(): string {
  return `${JSON.stringify(buildAsyncApi(), null, 2)}\n`;
}
