// "Add broker" (a ws:// or wss:// address, an optional user name and password) and each broker's connection state.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AddressInput, AddressReason } from "../ui/AddressInput.tsx";
import { type BrokerView, useBrokerFeed } from "./brokerFeed.ts";
import { eventBrokerQuery, type FleetBroker, useFleetBrokers } from "./brokers.ts";

export function BrokerPanel({ views, here }: { views: readonly BrokerView[]; here: string }) {
  const brokers = useFleetBrokers((s) => s.brokers);
  const offered = useQuery(eventBrokerQuery(here)).data;
  const [url, setUrl] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [refused, setRefused] = useState<string | null>(null);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    const reason = useFleetBrokers.getState().add(url, username, password);
    setRefused(reason);
    if (!reason) {
      setUrl("");
      setUsername("");
      setPassword("");
    }
  };
  return (
    <section className="panel fleet-brokers" aria-labelledby="fleet-brokers-title">
      <h2 id="fleet-brokers-title">MQTT brokers</h2>
      <form className="fleet-add" onSubmit={submit} noValidate>
        <AddressInput
          id="fleet-broker"
          label="Broker address"
          placeholder="ws://192.168.4.10:9001"
          value={url}
          refused={refused}
          onChange={(value) => {
            setUrl(value);
            setRefused(null);
          }}
        />
        <label htmlFor="fleet-broker-user">User name</label>
        <input
          id="fleet-broker-user"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <label htmlFor="fleet-broker-password">Password</label>
        <input
          id="fleet-broker-password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <button type="submit" className="btn btn-primary">
          Add broker
        </button>
        <AddressReason id="fleet-broker" refused={refused} />
      </form>
      {offered && !brokers.some((b) => b.url === offered) && (
        <p className="fleet-offer" data-testid="fleet-broker-offer">
          This unit names its event's broker: <span className="mono">{offered}</span>{" "}
          <button
            type="button"
            className="btn btn-small"
            onClick={() => useFleetBrokers.getState().add(offered)}
          >
            Add it
          </button>
        </p>
      )}
      {brokers.length > 0 && (
        <ul className="fleet-broker-list">
          {brokers.map((b) => (
            <BrokerLine key={b.url} broker={b} view={views.find((v) => v.url === b.url)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One broker: listened to while shown, its connection's state, Remove. */
function BrokerLine({ broker: b, view }: { broker: FleetBroker; view: BrokerView | undefined }) {
  useBrokerFeed(b);
  const bad = view?.state === "refused" || view?.state === "unreachable" || view?.state === "lost";
  return (
    <li data-testid="fleet-broker" data-url={b.url} data-state={view?.state ?? "connecting"}>
      <span className={`fleet-broker-state${bad ? " error-text" : ""}`} role={bad ? "alert" : "status"}>
        {view?.message ?? `Connecting to the broker at ${b.url}...`}
      </span>
      {b.username && <span className="muted"> (user {b.username})</span>}
      <button
        type="button"
        className="btn btn-small btn-light"
        onClick={() => useFleetBrokers.getState().remove(b.url)}
        aria-label={`Remove broker ${b.url}`}
      >
        Remove
      </button>
    </li>
  );
}
