// npm run conformance -- --broker URL --unit ID: checks what a unit publishes on a broker against D11, as a
// subscriber only (it publishes nothing and changes nothing): status, identity, telemetry and reads.
import {
  fieldIssues,
  MQTT_TELEMETRY_DATASETS,
  MQTT_TOPICS,
  MqttIdentity,
  ReadsBatch,
  UNIT_DATASET_SCHEMAS,
} from "@trc/protocol";
import mqtt from "mqtt";
import type * as z from "zod/mini";
import { type CheckResult, makeReport, type Report } from "./report.ts";
import type { RunHooks } from "./run.ts";

export interface BrokerKitOptions {
  /** mqtt://host:port, mqtts://, ws:// or wss://. */
  broker: string;
  /** The unit's mqtt_client_id (its topics are trc/{unit}/...). */
  unit: string;
  username?: string;
  password?: string;
  /** How long to wait for the retained messages (default 5 s). */
  retainedWaitMs?: number;
  /** How long to listen for reads (default 10 s; 0 skips the reads check). */
  readsWaitMs?: number;
  /** Reads batches to collect before the reads check stops listening (default 5). */
  readsBatches?: number;
}

interface Message {
  topic: string;
  text: string;
  retain: boolean;
  qos: number;
}

/** The names of the broker checks, in the order they are reported. */
export const BROKER_CHECKS = ["mqtt status", "mqtt identity", "mqtt telemetry", "mqtt reads"] as const;

function parseProblems(text: string, schema: z.ZodMiniType, label: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [`${label} is not JSON: ${JSON.stringify(text.slice(0, 40))}`];
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return fieldIssues(parsed.error.issues, value).map((i) =>
    i.field === "(root)" ? `${label} ${i.message}` : `${label}.${i.field} ${i.message}`,
  );
}

/** The retained copy of a topic (a broker sends it, flagged, on subscribing), or what arrived live instead. */
function retainedOf(messages: Message[], topic: string): Message | undefined {
  return messages.find((m) => m.topic === topic && m.retain) ?? messages.find((m) => m.topic === topic);
}

function retainedProblems(first: Message | undefined, topic: string): string[] {
  if (!first) return [`nothing retained on ${topic} (never published, or published without the retain flag)`];
  return first.retain ? [] : [`${topic} arrived without the retain flag`];
}

function statusCheck(messages: Message[], id: string): string[] {
  const topic = MQTT_TOPICS.status(id);
  const first = retainedOf(messages, topic);
  const problems = retainedProblems(first, topic);
  if (first && first.text !== "online")
    problems.push(`${topic} is ${JSON.stringify(first.text)}, expected "online"`);
  return problems;
}

function identityCheck(messages: Message[], id: string): string[] {
  const topic = MQTT_TOPICS.identity(id);
  const first = retainedOf(messages, topic);
  const problems = retainedProblems(first, topic);
  return first ? [...problems, ...parseProblems(first.text, MqttIdentity, "identity")] : problems;
}

function telemetryCheck(messages: Message[], id: string): string[] {
  return MQTT_TELEMETRY_DATASETS.flatMap((dataset) => {
    const topic = MQTT_TOPICS.telemetry(id, dataset);
    const first = retainedOf(messages, topic);
    const problems = retainedProblems(first, topic);
    return first
      ? [...problems, ...parseProblems(first.text, UNIT_DATASET_SCHEMAS[dataset], dataset)]
      : problems;
  });
}

function readsCheck(messages: Message[], id: string): string[] {
  const topic = MQTT_TOPICS.reads(id);
  const problems: string[] = [];
  let last: number | null = null;
  for (const m of messages.filter((x) => x.topic === topic)) {
    if (m.retain) problems.push(`${topic} arrived retained (reads are not retained)`);
    if (m.qos !== 1)
      problems.push(`${topic} arrived at QoS ${m.qos} (subscribed at 1: the unit published at ${m.qos})`);
    const shape = parseProblems(m.text, ReadsBatch, "reads");
    if (shape.length) {
      problems.push(...shape);
      continue;
    }
    const { reads } = JSON.parse(m.text) as ReadsBatch;
    for (const r of reads) {
      if (last !== null && r.seq !== last + 1) problems.push(`seq ${r.seq} follows ${last}`);
      last = r.seq;
    }
  }
  return [...new Set(problems)];
}

/** Subscribes to trc/{unit}/#, listens, and checks what arrived. */
export async function runBrokerConformance(o: BrokerKitOptions, hooks: RunHooks = {}): Promise<Report> {
  const startedAt = new Date();
  const retainedWaitMs = o.retainedWaitMs ?? 5000;
  const readsWaitMs = o.readsWaitMs ?? 10_000;
  const readsBatches = o.readsBatches ?? 5;
  const messages: Message[] = [];
  const total = BROKER_CHECKS.length;
  const results: CheckResult[] = [];
  const push = (name: string, outcome: string[] | { skip: string }, begun: number) => {
    const ms = Date.now() - begun;
    const r: CheckResult = Array.isArray(outcome)
      ? outcome.length
        ? { name, kind: "contract", status: "fail", reason: outcome.slice(0, 6).join("; "), ms }
        : { name, kind: "contract", status: "ok", ms }
      : { name, kind: "contract", status: "skip", reason: outcome.skip, ms };
    results.push(r);
    hooks.onResult?.(r, results.length, total);
  };
  const begun = Date.now();
  hooks.onProgress?.(`connecting to ${o.broker}`, 0, total);
  const client = await mqtt.connectAsync(o.broker, {
    clientId: `trc-conformance-${Math.random().toString(36).slice(2, 10)}`,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    username: o.username,
    password: o.password,
  });
  try {
    client.on("message", (topic, payload, packet) => {
      messages.push({ topic, text: payload.toString(), retain: packet.retain, qos: packet.qos });
    });
    await client.subscribeAsync(`trc/${o.unit}/#`, { qos: 1 });
    const wanted = [
      MQTT_TOPICS.status(o.unit),
      MQTT_TOPICS.identity(o.unit),
      ...MQTT_TELEMETRY_DATASETS.map((d) => MQTT_TOPICS.telemetry(o.unit, d)),
    ];
    const until = async (done: () => boolean, ms: number) => {
      const end = Date.now() + ms;
      while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    };
    hooks.onProgress?.("waiting for the retained messages", 0, total);
    await until(() => wanted.every((t) => messages.some((m) => m.topic === t)), retainedWaitMs);
    // A topic seen only live (the unit published it just as the kit subscribed): subscribing again gets the broker's
    // retained copy, flagged, if there is one.
    const live = wanted.filter(
      (t) => messages.some((m) => m.topic === t) && !messages.some((m) => m.topic === t && m.retain),
    );
    if (live.length) {
      await client.unsubscribeAsync(live);
      await client.subscribeAsync(live, { qos: 1 });
      await until(() => live.every((t) => messages.some((m) => m.topic === t && m.retain)), retainedWaitMs);
    }
    push("mqtt status", statusCheck(messages, o.unit), begun);
    push("mqtt identity", identityCheck(messages, o.unit), begun);
    push("mqtt telemetry", telemetryCheck(messages, o.unit), begun);
    if (readsWaitMs === 0) {
      push("mqtt reads", { skip: "not listened for (--reads-wait 0)" }, begun);
    } else {
      hooks.onProgress?.(`listening for reads (${readsWaitMs / 1000} s at most)`, 3, total);
      const topic = MQTT_TOPICS.reads(o.unit);
      await until(() => messages.filter((m) => m.topic === topic).length >= readsBatches, readsWaitMs);
      const got = messages.filter((m) => m.topic === topic).length;
      push(
        "mqtt reads",
        got ? readsCheck(messages, o.unit) : { skip: `no reads in ${readsWaitMs / 1000} s` },
        begun,
      );
    }
  } finally {
    await client.endAsync(true);
  }
  return makeReport(`${o.broker} unit ${o.unit}`, false, startedAt, results);
}
