// The broker connection's states over a fake WebSocket speaking MQTT 3.1.1 bytes, with the real u8-mqtt client.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BROKER_CONNECT_TIMEOUT_MS,
  BROKER_RETRY_MS,
  type BrokerMessage,
  type BrokerState,
  FLEET_TOPICS,
} from "./mqtt.ts";
import { connectBroker, KEEP_ALIVE_S } from "./mqttConnection.ts";

/** A WebSocket the test plays the broker on: it keeps what the client sent and delivers what the test sends. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = "blob";
  sent: Uint8Array[] = [];
  onopen?: (e: Event) => void;
  onmessage?: (e: { data: ArrayBuffer }) => void;
  onclose?: (e: { wasClean: boolean }) => void;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    super();
    FakeSocket.all.push(this);
  }
  send(u8: Uint8Array) {
    this.sent.push(new Uint8Array(u8));
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  receive(...bytes: number[]) {
    this.onmessage?.({ data: new Uint8Array(bytes).buffer });
  }
  close(wasClean = true) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ wasClean });
    this.dispatchEvent(new Event("close"));
  }
}

const utf8 = (s: string) => [...new TextEncoder().encode(s)];
const str = (s: string) => [s.length >> 8, s.length & 0xff, ...utf8(s)];
const CONNACK = (code: number) => [0x20, 2, 0, code];
const PINGRESP = [0xd0, 0];
function publish(topic: string, payload: string, o: { qos: 0 | 1; retain: boolean; id?: number }): number[] {
  const body = [...str(topic), ...(o.qos ? [0, o.id ?? 1] : []), ...utf8(payload)];
  return [0x30 | (o.qos << 1) | (o.retain ? 1 : 0), body.length, ...body];
}

/** A byte of a packet the client sent (0 past its end). */
const byte = (p: Uint8Array, i: number) => p[i] ?? 0;
/** A big-endian 16-bit number (MQTT's packet ids, lengths and keep-alive). */
const u16 = (p: Uint8Array, i: number) => (byte(p, i) << 8) | byte(p, i + 1);

/** What a CONNECT says (MQTT 3.1.1 §3.1), read from the bytes the client sent. */
function readConnect(p: Uint8Array) {
  let i = 2;
  const text = () => {
    const n = u16(p, i);
    i += 2 + n;
    return new TextDecoder().decode(p.subarray(i - n, i));
  };
  const protocol = text();
  const level = byte(p, i++);
  const flags = byte(p, i++);
  const keepAlive = u16(p, i);
  i += 2;
  const clientId = text();
  const username = flags & 0x80 ? text() : undefined;
  const password = flags & 0x40 ? text() : undefined;
  return { protocol, level, clean: (flags & 0x02) !== 0, keepAlive, clientId, username, password };
}

/** A SUBSCRIBE's packet id and its (topic filter, QoS) pairs. */
function readSubscribe(p: Uint8Array) {
  expect(p[0]).toBe(0x82);
  const id = u16(p, 2);
  const topics: [string, number][] = [];
  for (let i = 4; i < p.length; ) {
    const n = u16(p, i);
    topics.push([new TextDecoder().decode(p.subarray(i + 2, i + 2 + n)), byte(p, i + 2 + n)]);
    i += 3 + n;
  }
  return { id, topics };
}

/** Lets the client's promise chains run (they are microtasks: no time passes). */
async function settle(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

let states: BrokerState[];
let messages: BrokerMessage[];
const last = () => FakeSocket.all.at(-1) as FakeSocket;

function open(login = { url: "ws://10.0.0.5:9001" }) {
  return connectBroker(
    login,
    (m) => messages.push(m),
    (s) => states.push(s),
  );
}

/** Opens the last socket, answers its CONNECT with CONNACK 0 and its SUBSCRIBE with a SUBACK. */
async function accept(): Promise<FakeSocket> {
  const socket = last();
  socket.open();
  await settle();
  socket.receive(...CONNACK(0));
  await settle();
  const { id } = readSubscribe(socket.sent[1] as Uint8Array);
  socket.receive(0x90, 5, id >> 8, id & 0xff, 1, 1, 1);
  await settle();
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  FakeSocket.all = [];
  states = [];
  messages = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("connectBroker", () => {
  it("logs in with a clean session, keep-alive 30 and a random id, subscribes at QoS 1 and acknowledges", async () => {
    open({ url: "ws://10.0.0.5:9001", username: "console", password: "s3cret" } as never);
    expect(last().url).toBe("ws://10.0.0.5:9001");
    expect(last().protocols).toEqual(["mqtt"]);
    const socket = await accept();
    const connect = readConnect(socket.sent[0] as Uint8Array);
    expect(connect).toMatchObject({ protocol: "MQTT", level: 4, clean: true, keepAlive: 30 });
    expect(connect.clientId).toMatch(/^trc-console-[0-9a-f]+$/);
    expect(connect).toMatchObject({ username: "console", password: "s3cret" });
    expect(readSubscribe(socket.sent[1] as Uint8Array).topics).toEqual(FLEET_TOPICS.map((t) => [t, 1]));
    expect(states).toEqual(["connected"]);

    socket.receive(...publish("trc/unit-7/status", "online", { qos: 1, retain: true, id: 42 }));
    socket.receive(...publish("trc/unit-7/telemetry/passings", '{"seen":3}', { qos: 0, retain: false }));
    await settle();
    expect(messages.map(({ at: _, ...m }) => m)).toEqual([
      { topic: "trc/unit-7/status", payload: "online", retained: true },
      { topic: "trc/unit-7/telemetry/passings", payload: '{"seen":3}', retained: false },
    ]);
    // PUBACK for the QoS 1 message only, with its packet id.
    expect(socket.sent.slice(2).map((p) => [...p])).toEqual([[0x40, 2, 0, 42]]);
  });

  it("a refused login (CONNACK 5) is refused and not tried again", async () => {
    open();
    last().open();
    await settle();
    last().receive(...CONNACK(5));
    await settle();
    expect(states).toEqual(["refused"]);
    expect(last().readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(BROKER_RETRY_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("no broker: unreachable, tried again every BROKER_RETRY_MS; an open socket without CONNACK times out", async () => {
    open();
    last().close(false);
    await settle();
    expect(states).toEqual(["unreachable"]);
    await vi.advanceTimersByTimeAsync(BROKER_RETRY_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    // Not a broker: the socket opens, nothing answers CONNECT.
    last().open();
    await settle();
    await vi.advanceTimersByTimeAsync(BROKER_CONNECT_TIMEOUT_MS);
    expect(FakeSocket.all[1]?.readyState).toBe(3);
    expect(states).toEqual(["unreachable"]);
    await vi.advanceTimersByTimeAsync(BROKER_RETRY_MS);
    expect(FakeSocket.all).toHaveLength(3);
    await accept();
    expect(states).toEqual(["unreachable", "connected"]);
  });

  it("a lost connection is lost, then connected again with the same id and the topics subscribed again", async () => {
    open();
    const first = await accept();
    first.close(false);
    await settle();
    expect(states).toEqual(["connected", "lost"]);
    await vi.advanceTimersByTimeAsync(BROKER_RETRY_MS);
    const second = await accept();
    expect(states).toEqual(["connected", "lost", "connected"]);
    expect(readConnect(second.sent[0] as Uint8Array).clientId).toBe(
      readConnect(first.sent[0] as Uint8Array).clientId,
    );
    expect(readSubscribe(second.sent[1] as Uint8Array).topics).toEqual(FLEET_TOPICS.map((t) => [t, 1]));
  });

  it("a connection that hears nothing for 1.5 keep-alives is lost; one that hears PINGRESP stays", async () => {
    open();
    const socket = await accept();
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(KEEP_ALIVE_S * 1000);
      // The client's PINGREQ, answered.
      expect([...(socket.sent.at(-1) as Uint8Array)]).toEqual([0xc0, 0]);
      socket.receive(...PINGRESP);
    }
    expect(states).toEqual(["connected"]);
    await vi.advanceTimersByTimeAsync(KEEP_ALIVE_S * 1500 * 2);
    expect(states).toEqual(["connected", "lost"]);
    expect(socket.readyState).toBe(3);
  });

  it("close() ends the connection: no state, no retry after it", async () => {
    const connection = open();
    const socket = await accept();
    connection.close();
    await vi.advanceTimersByTimeAsync(BROKER_RETRY_MS * 3);
    expect(socket.readyState).toBe(3);
    expect(states).toEqual(["connected"]);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
