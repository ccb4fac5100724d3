// The fleet's broker list: addresses checked with their reason, the user name kept, the password in sessionStorage only.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  brokerPassword,
  checkBrokerUrl,
  readBrokers,
  useBrokerPasswords,
  useFleetBrokers,
} from "./brokers.ts";

afterEach(() => {
  for (const b of useFleetBrokers.getState().brokers) useFleetBrokers.getState().remove(b.url);
  useBrokerPasswords.setState({ passwords: {} });
  localStorage.clear();
  sessionStorage.clear();
});

describe("checkBrokerUrl", () => {
  it.each([
    ["ws://Broker.Local:9001/", "ws://broker.local:9001"],
    ["wss://broker.example.org:443/mqtt/", "wss://broker.example.org/mqtt"],
    ["  ws://10.0.0.5:8080  ", "ws://10.0.0.5:8080"],
  ])("%s is read as %s", (text, url) => {
    expect(checkBrokerUrl(text)).toEqual({ ok: true, url });
  });

  it.each([
    ["", "Enter the broker's address, e.g. ws://192.168.4.10:9001"],
    ["broker.local:9001", "A browser reaches a broker over WebSocket only: ws:// or wss://"],
    ["mqtt://10.0.0.5:1883", "A browser reaches a broker over WebSocket only: ws:// or wss://"],
    ["http://10.0.0.5", "A browser reaches a broker over WebSocket only: ws:// or wss://"],
    ["ws://", "ws:// is not a URL (e.g. ws://192.168.4.10:9001)"],
    ["ws://judge:pw@10.0.0.5:9001", "Put the user name and password in their own fields, not in the address"],
    ["ws://10.0.0.5:9001/?x=1", "A broker address has no query or fragment"],
  ])("%j is refused: %s", (text, reason) => {
    expect(checkBrokerUrl(text)).toEqual({ ok: false, reason });
  });
});

describe("useFleetBrokers", () => {
  it("keeps the address and user name in localStorage, the password in sessionStorage only", () => {
    expect(useFleetBrokers.getState().add("ws://10.0.0.5:9001", " judge ", "s3cret")).toBeNull();
    expect(localStorage.getItem("fleetBrokers")).toBe('[{"url":"ws://10.0.0.5:9001","username":"judge"}]');
    expect(JSON.stringify(localStorage)).not.toContain("s3cret");
    expect(sessionStorage.getItem("trcBrokerAuth")).toBe('{"ws://10.0.0.5:9001":"s3cret"}');
    expect(brokerPassword("ws://10.0.0.5:9001")).toBe("s3cret");
  });

  it("refuses a broker already listed, under any spelling; Remove forgets its password", () => {
    useFleetBrokers.getState().add("ws://10.0.0.5:9001", "", "pw");
    expect(useFleetBrokers.getState().add("WS://10.0.0.5:9001/")).toBe(
      "ws://10.0.0.5:9001 is already in the list",
    );
    useFleetBrokers.getState().remove("ws://10.0.0.5:9001");
    expect(useFleetBrokers.getState().brokers).toEqual([]);
    expect(brokerPassword("ws://10.0.0.5:9001")).toBe("");
    expect(sessionStorage.getItem("trcBrokerAuth")).toBeNull();
  });

  it("a stored list is read in canonical form; bad and duplicate entries are left out", () => {
    expect(
      readBrokers([
        { url: "ws://A.local:9001/", username: "u" },
        { url: "ws://a.local:9001" },
        { url: "http://x" },
        "ws://b",
        null,
      ]),
    ).toEqual([{ url: "ws://a.local:9001", username: "u" }]);
    expect(readBrokers("nonsense")).toEqual([]);
  });
});

describe("the broker passwords' store", () => {
  const BROKER = "ws://10.0.0.5:9001";

  it("importing the module uses no storage; its first use reads only its own stored values", async () => {
    const used: string[] = [];
    /** A storage holding `items` that logs every use. */
    const logged = (where: string, items: Record<string, string>) => ({
      getItem(key: string) {
        used.push(`${where} getItem ${key}`);
        return items[key] ?? null;
      },
      setItem: (key: string) => used.push(`${where} setItem ${key}`),
      removeItem: (key: string) => used.push(`${where} removeItem ${key}`),
      clear: () => used.push(`${where} clear`),
      key: () => null,
      length: 0,
    });
    vi.stubGlobal("localStorage", logged("local", { fleetBrokers: JSON.stringify([{ url: BROKER }]) }));
    vi.stubGlobal(
      "sessionStorage",
      logged("session", { trcBrokerAuth: JSON.stringify({ [BROKER]: "s3cret" }) }),
    );
    vi.resetModules();
    const fresh = await import("./brokers.ts");
    expect(used).toEqual([]);
    expect(fresh.brokerPassword(BROKER)).toBe("s3cret");
    expect(fresh.useFleetBrokers.getState().brokers).toEqual([{ url: BROKER, username: "" }]);
    vi.unstubAllGlobals();
    expect(used.filter((u) => !u.includes(" getItem "))).toEqual([]);
    expect(used.filter((u) => u.startsWith("session"))).toEqual(["session getItem trcBrokerAuth"]);
    expect(used).toContain("local getItem fleetBrokers");
  });

  it("a password stored by an earlier page survives a reload of the store; none reaches localStorage", async () => {
    sessionStorage.setItem("trcBrokerAuth", JSON.stringify({ [BROKER]: "s3cret" }));
    await useBrokerPasswords.persist.rehydrate();
    expect(brokerPassword(BROKER)).toBe("s3cret");
    useFleetBrokers.getState().add("ws://10.0.0.6:9001", "judge", "other");
    expect(sessionStorage.getItem("trcBrokerAuth")).toBe(
      '{"ws://10.0.0.5:9001":"s3cret","ws://10.0.0.6:9001":"other"}',
    );
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/s3cret|other/);
  });
});
