// The embedded broker's retained messages after a SUBSCRIBE, up to a window of them in flight rather than one at a time.
import type { Aedes, Client } from "aedes";

/** Retained messages being written to one subscriber at a time, at most (Aedes's own delivery cap was 100). */
export const RETAINED_WINDOW = 100;

type Deliver = (packet: { retain?: boolean }, done: () => void) => void;

/**
 * Aedes sends a new subscription's retained messages one after another: each waits for the previous one's write,
 * and a write takes two turns of the event loop (a setImmediate before it, one after). A Fleet page subscribing to
 * 500 units' 5,500 retained messages waited 11,000 turns of a loop the units share (9.4 s to a Node subscriber on
 * WebSocket beside 500 units on a loaded machine; 0.34 s with this). Here each client's
 * `deliverQoS` (what the retained stream calls, per message) lets the stream go on while fewer than
 * RETAINED_WINDOW are being written; past that, it goes on as writes end, so a full socket still holds the stream
 * back (Aedes waits for `drain`). Writes start in the stream's order, so they arrive in it. Live messages (retain
 * cleared by Aedes for a subscriber) pass through untouched; only an MQTT 5 retain-as-published subscription's live
 * retained ones would take the window too, which only lets their publisher's delivery end sooner.
 */
export function deliverRetainedInWindows(aedes: Aedes): void {
  aedes.on("client", (client: Client) => {
    const c = client as Client & { deliverQoS: Deliver };
    const deliver = c.deliverQoS;
    let writing = 0;
    const held: (() => void)[] = [];
    c.deliverQoS = (packet, done) => {
      if (!packet.retain) return deliver(packet, done);
      writing++;
      deliver(packet, () => {
        writing--;
        held.shift()?.();
      });
      if (writing < RETAINED_WINDOW) done();
      else held.push(done);
    };
  });
}
