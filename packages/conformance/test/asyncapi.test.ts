// The AsyncAPI document of the unit's MQTT topics: AsyncAPI 3.0's required structure, every D11 topic with its QoS and
// retain flag, every $ref resolving, and docs/asyncapi.json not stale.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { asyncApiJson, buildAsyncApi, MQTT_TELEMETRY_DATASETS } from "@trc/protocol";
import { expect, it } from "vitest";

const DOCS_FILE = fileURLToPath(new URL("../../../docs/asyncapi.json", import.meta.url));
type Node = Record<string, unknown>;

/** AsyncAPI 3.0's required fields (the spec's "REQUIRED"), checked by hand: no validator package in the stack. */
function structureProblems(doc: Node): string[] {
  const problems: string[] = [];
  const need = (cond: boolean, what: string) => cond || problems.push(what);
  need(doc.asyncapi === "3.0.0", "asyncapi is 3.0.0");
  const info = doc.info as Node | undefined;
  need(typeof info?.title === "string" && typeof info?.version === "string", "info.title and info.version");
  for (const [name, server] of Object.entries((doc.servers ?? {}) as Record<string, Node>)) {
    need(
      typeof server.host === "string" && typeof server.protocol === "string",
      `server ${name}: host, protocol`,
    );
  }
  const channels = (doc.channels ?? {}) as Record<string, Node>;
  for (const [name, ch] of Object.entries(channels)) {
    const params = [...String(ch.address).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = Object.keys((ch.parameters ?? {}) as Node);
    need(
      JSON.stringify(params) === JSON.stringify(declared),
      `channel ${name}: a parameter per {name} of its address`,
    );
  }
  for (const [name, op] of Object.entries((doc.operations ?? {}) as Record<string, Node>)) {
    need(op.action === "send" || op.action === "receive", `operation ${name}: action send or receive`);
    need(typeof (op.channel as Node | undefined)?.$ref === "string", `operation ${name}: channel $ref`);
  }
  // Every $ref points at something in the document.
  const text = JSON.stringify(doc);
  for (const m of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
    let at: unknown = doc;
    for (const part of (m[1] ?? "").split("/")) at = (at as Node | undefined)?.[part];
    need(at !== undefined, `$ref #/${m[1]} resolves`);
  }
  return problems;
}

it("is an AsyncAPI 3.0 document with its required structure and every $ref resolving", () => {
  expect(structureProblems(buildAsyncApi())).toEqual([]);
});

it("the structure check fails a broken document (it really checks)", () => {
  const broken = structuredClone(buildAsyncApi()) as Node;
  delete (broken.info as Node).version;
  ((broken.operations as Record<string, Node>).publish_status as Node).action = "publish";
  ((broken.channels as Record<string, Node>).reads as Node).parameters = {};
  (broken.components as { messages: Node }).messages = {};
  const problems = structureProblems(broken);
  expect(problems).toContain("info.title and info.version");
  expect(problems).toContain("operation publish_status: action send or receive");
  expect(problems).toContain("channel reads: a parameter per {name} of its address");
  expect(problems).toContain("$ref #/components/messages/readsMessage resolves");
});

it("names every D11 topic with its QoS and retain flag", () => {
  const doc = buildAsyncApi();
  const topics = Object.fromEntries(
    Object.values(doc.operations).map((op) => {
      const key = ((op.channel as Node).$ref as string).split("/").pop() ?? "";
      const { qos, retain } = (op.bindings as { mqtt: { qos: number; retain: boolean } }).mqtt;
      return [doc.channels[key]?.address, [qos, retain]];
    }),
  );
  expect(topics).toEqual({
    "trc/{unitId}/status": [1, true],
    "trc/{unitId}/identity": [1, true],
    "trc/{unitId}/reads": [1, false],
    ...Object.fromEntries(MQTT_TELEMETRY_DATASETS.map((d) => [`trc/{unitId}/telemetry/${d}`, [0, true]])),
  });
  const will = (doc.servers as { broker: { bindings: { mqtt: Node } } }).broker.bindings.mqtt;
  expect(will).toMatchObject({
    cleanSession: false,
    keepAlive: 15,
    lastWill: { topic: "trc/{unitId}/status", qos: 1, message: "offline", retain: true },
  });
});

it("docs/asyncapi.json is the generated document (else run npm run asyncapi)", async () => {
  const file = await readFile(DOCS_FILE, "utf8").catch(() => "(missing)");
  expect(file === asyncApiJson(), "docs/asyncapi.json is stale: run npm run asyncapi").toBe(true);
});
