// The embedded broker in a process of its own, for the MQTT benchmark (its CPU measured apart from the units'):
// prints {"port","wsPort"} once listening; "stop" / "start" on stdin take it away and bring it back, answering "ok".
import { createInterface } from "node:readline";
import { startBroker } from "../src/broker/embedded-broker.ts";

const broker = await startBroker({ port: Number(process.env.BROKER_PORT || 0) });
process.stdout.write(`${JSON.stringify({ port: broker.port, wsPort: broker.wsPort })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "stop") await broker.stop();
  if (line === "start") await broker.start();
  process.stdout.write("ok\n");
}
await broker.close();
