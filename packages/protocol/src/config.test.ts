// Unit tests of the built-in configuration (D5), its value checks, the category tree and the save texts (SPEC §8).
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_CONFIG,
  type BuiltInConfigItem,
  CONFIG_CATEGORY_LABELS,
  configSaveText,
  findConfigItem,
} from "./config.ts";
import { checkConfigValue } from "./config-limits.ts";
import { buildConfigTree, type ConfigTreeNode } from "./config-tree.ts";

const item = (name: string) => {
  const found = findConfigItem(name);
  if (!found) throw new Error(`no config item ${name}`);
  return found;
};

describe("BUILT_IN_CONFIG matches D5", () => {
  const D5: [string, string, string, boolean | number | string][] = [
    ["sta_ssid", "wifi_sta", "string", "TimingNet"],
    ["sta_password", "wifi_sta", "string", "changeme123"],
    ["ap_ssid", "wifi_ap", "string", "DECODER-AP"],
    ["ap_password", "wifi_ap", "string", "changeme123"],
    ["static_ip", "net_ip", "string", "192.168.1.50"],
    ["lan_subnet", "net_ip", "string", "255.255.255.0"],
    ["lan_gateway", "net_ip", "string", "192.168.1.1"],
    ["raw_port", "net_ports", "number", 10000],
    ["filtered_port", "net_ports", "number", 10001],
    ["dhcp_pool", "net_dhcp", "string", "192.168.4.100"],
    ["company_num", "profile", "number", 5],
    ["buzzer_volume", "profile", "string", "MEDIUM"],
    ["reads_beep_behaviour", "reads", "string", "BEEP_FS"],
    ["reads_2b_sent", "reads", "string", "FS_LS"],
    ["timings_string_format", "reads", "string", "YES"],
    ["tag_timeout", "reads", "number", 5],
    ["http_url", "servers_http", "string", ""],
    ["force_http_log", "servers_http", "number", 0],
    ["http_pckt_format", "servers_http", "number", 1],
    ["mqtt_client_id", "servers_mqtt", "string", "ONET10001"],
    ["utc_offset", "time", "number", 0],
    ["gps_correction", "time", "boolean", false],
    ["uhf_region", "uhf", "string", "Australia"],
    ["uhf_power", "uhf", "string", "HIGH"],
  ];

  it("has D5's internal names, categories, types and defaults, in order", () => {
    expect(BUILT_IN_CONFIG.map((c) => [c.name_internal, c.category, c.type, c.value_default])).toEqual(D5);
  });

  it("gives every item level 10, a display name and a description", () => {
    for (const c of BUILT_IN_CONFIG) {
      expect(c.perm, c.name_internal).toBe(10);
      expect(c.name_display, c.name_internal).not.toBe("");
      expect(c.description, c.name_internal).not.toBe("");
    }
  });

  it("has D5's allowed sets", () => {
    const allowed = Object.fromEntries(
      BUILT_IN_CONFIG.filter((c) => c.allowed).map((c) => [c.name_internal, c.allowed]),
    );
    expect(allowed).toEqual({
      buzzer_volume: ["LOW", "MEDIUM", "HIGH"],
      reads_beep_behaviour: ["BEEP_FS", "BEEP_BS", "BEEP_LS"],
      reads_2b_sent: ["FS", "BS", "LS", "BS_LS", "FS_LS", "ALL"],
      timings_string_format: ["YES", "NO"],
      http_pckt_format: [0, 1],
      uhf_region: ["China", "USA", "Europe", "Korea", "Japan", "Australia", "New Zealand"],
      uhf_power: ["LOW", "MEDIUM", "HIGH"],
    });
  });

  it("has D5's category labels, and one for every category used", () => {
    expect(CONFIG_CATEGORY_LABELS).toEqual({
      wifi: "WIFI",
      wifi_sta: "STA (Who to connect to)",
      wifi_ap: "AP (Device's own Wifi)",
      net: "Networking",
      net_ip: "IP",
      net_ports: "Socket Ports",
      net_dhcp: "DHCP",
      profile: "Profile",
      reads: "Readings",
      servers: "Servers",
      servers_http: "HTTP Post",
      servers_mqtt: "MQTT",
      time: "Time & Position",
      uhf: "UHF",
    });
    for (const c of BUILT_IN_CONFIG) expect(CONFIG_CATEGORY_LABELS[c.category], c.category).toBeDefined();
  });

  it.each(BUILT_IN_CONFIG.map((c) => [c.name_internal, c.value_default] as const))(
    "%s: the default %j passes its own check",
    (name, value) => {
      expect(checkConfigValue(item(name), value)).toBeNull();
    },
  );
});

describe("checkConfigValue", () => {
  const cases: [name: string, valid: unknown[], invalid: unknown[]][] = [
    [
      "static_ip",
      ["192.168.1.50", "10.0.0.1", "1.0.0.1", "223.255.255.254"],
      ["256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "a.b.c.d", "", " 1.2.3.4", 1234],
    ],
    // Usable host addresses only: not this network, loopback, multicast, reserved or broadcast.
    [
      "lan_gateway",
      ["192.168.1.1"],
      ["0.0.0.0", "0.1.2.3", "127.0.0.1", "224.0.0.1", "240.0.0.1", "255.255.255.255"],
    ],
    [
      "lan_subnet",
      ["255.255.255.0", "128.0.0.0", "255.0.0.0", "255.255.255.252"],
      ["255.255.255.256", "1.2.3.4", "0.0.0.0", "255.255.255.254", "255.255.255.255", "255.0.255.0"],
    ],
    ["dhcp_pool", ["192.168.4.100"], ["192.168.4", "0.0.0.0"]],
    [
      "ap_password",
      ["12345678", "~".repeat(63), "with space ok"],
      ["", "1234567", "x".repeat(64), "pässwort12"],
    ],
    ["sta_password", ["", "12345678"], ["1234567", "tab\there12"]],
    [
      "mqtt_client_id",
      ["ONET10001", "TRC-CONFORMANCE", "a_b", "X".repeat(23)],
      ["", "a/b", "a+b", "#", "X".repeat(24)],
    ],
    ["raw_port", [1, 10000, 65535], [0, -1, 65536, 80.5, "80", Number.NaN, Number.POSITIVE_INFINITY, null]],
    ["filtered_port", [10001], [70000]],
    ["utc_offset", [-43200, 0, 3600, 50400], [-43201, 50401, 1.5, "0"]],
    ["company_num", [0, 5, 65535], [-3, 65536, 5.5, "5", true]],
    ["tag_timeout", [0, 5, 3600], [-1, 2.5, 3601, 1e308]],
    ["force_http_log", [0, 60, 86400], [-5, 0.5, 86401]],
    ["http_pckt_format", [0, 1], [2, -1, "1", 0.5]],
    ["buzzer_volume", ["LOW", "MEDIUM", "HIGH"], ["low", "LOUD", "", 1]],
    ["uhf_power", ["LOW", "HIGH"], ["MAX"]],
    ["reads_beep_behaviour", ["BEEP_FS", "BEEP_BS", "BEEP_LS"], ["BEEP", "FS"]],
    ["reads_2b_sent", ["FS", "BS", "LS", "BS_LS", "FS_LS", "ALL"], ["NONE", "fs"]],
    ["timings_string_format", ["YES", "NO"], ["yes", "TRUE", true]],
    ["uhf_region", ["China", "USA", "Europe", "Korea", "Japan", "Australia", "New Zealand"], ["Mars", "usa"]],
    ["gps_correction", [true, false], ["true", "false", 0, 1, null]],
    [
      "sta_ssid",
      ["TimingNet", "x".repeat(32), "é".repeat(16)],
      ["", "x".repeat(33), "é".repeat(17), "a\u0000", "a\r\nb", 5, null],
    ],
  ];

  for (const [name, valid, invalid] of cases) {
    it.each(valid)(`${name}: %j is accepted`, (value) => {
      expect(checkConfigValue(item(name), value)).toBeNull();
    });
    it.each(invalid)(`${name}: %j is refused with a reason`, (value) => {
      expect(checkConfigValue(item(name), value)).toEqual(expect.any(String));
    });
  }

  it("says why", () => {
    expect(checkConfigValue(item("raw_port"), 0)).toBe("Must be at least 1");
    expect(checkConfigValue(item("raw_port"), 65536)).toBe("Must be at most 65535");
    expect(checkConfigValue(item("raw_port"), 1.5)).toBe("Must be a whole number");
    expect(checkConfigValue(item("raw_port"), "80")).toBe("Must be a number");
    expect(checkConfigValue(item("gps_correction"), "true")).toBe("Must be true or false");
    expect(checkConfigValue(item("sta_ssid"), 1)).toBe("Must be text");
    expect(checkConfigValue(item("buzzer_volume"), "LOUD")).toBe("Must be one of LOW, MEDIUM, HIGH");
    expect(checkConfigValue(item("static_ip"), "1.2.3")).toMatch(/IPv4/);
    expect(checkConfigValue(item("static_ip"), "0.0.0.0")).toBe(
      "Must be a usable host address (not 0.x, loopback, multicast or broadcast)",
    );
    expect(checkConfigValue(item("lan_subnet"), "1.2.3.4")).toBe("Must be a subnet mask like 255.255.255.0");
    expect(checkConfigValue(item("ap_password"), "")).toBe("WPA2 needs 8 to 63 printable ASCII characters");
    expect(checkConfigValue(item("mqtt_client_id"), "ONET\r\n1")).toBe("Must not contain control characters");
    expect(checkConfigValue(item("ap_ssid"), "")).toBe("Must be 1 to 32 bytes");
  });

  it("checks only the type for an item without limits", () => {
    expect(checkConfigValue({ type: "number" }, -1e9)).toBeNull();
    expect(checkConfigValue({ type: "string" }, "anything")).toBeNull();
    expect(checkConfigValue({ type: "string" }, "any\u001b[31mthing")).toBe(
      "Must not contain control characters",
    );
    expect(checkConfigValue({ type: "boolean" }, 1)).toEqual(expect.any(String));
  });
});

type Nodes = ConfigTreeNode<BuiltInConfigItem>[];

describe("buildConfigTree", () => {
  const tree = buildConfigTree(BUILT_IN_CONFIG);
  const names = (nodes: Nodes) => nodes.map((n) => n.name);
  const node = (path: string) => {
    const walk = (nodes: Nodes): (typeof nodes)[number] | undefined =>
      nodes.map((n) => (n.path === path ? n : walk(n.children))).find(Boolean);
    return walk(tree);
  };

  it("puts the top-level categories in order of first use, with their display names", () => {
    expect(tree.map((n) => [n.path, n.name])).toEqual([
      ["wifi", "WIFI"],
      ["net", "Networking"],
      ["profile", "Profile"],
      ["reads", "Readings"],
      ["servers", "Servers"],
      ["time", "Time & Position"],
      ["uhf", "UHF"],
    ]);
  });

  it("nests wifi → STA / AP, net → IP / Socket Ports / DHCP, servers → HTTP Post / MQTT", () => {
    expect(names(node("wifi")?.children ?? [])).toEqual([
      "STA (Who to connect to)",
      "AP (Device's own Wifi)",
    ]);
    expect(node("wifi")?.items).toEqual([]);
    expect(names(node("net")?.children ?? [])).toEqual(["IP", "Socket Ports", "DHCP"]);
    expect(names(node("servers")?.children ?? [])).toEqual(["HTTP Post", "MQTT"]);
    expect(node("reads")?.children).toEqual([]);
  });

  it("names a category called like an Object property (constructor, toString) by its path, not by what Object holds", () => {
    const odd = buildConfigTree([
      { category: "constructor" },
      { category: "toString" },
      { category: "valueOf" },
    ]);
    expect(odd.map((n) => n.name)).toEqual(["constructor", "toString", "valueOf"]);
  });

  it("keeps the items' order inside a category", () => {
    expect(node("wifi_sta")?.items.map((i) => i.name_internal)).toEqual(["sta_ssid", "sta_password"]);
    expect(node("net_ip")?.items.map((i) => i.name_internal)).toEqual([
      "static_ip",
      "lan_subnet",
      "lan_gateway",
    ]);
    expect(node("reads")?.items.map((i) => i.name_internal)).toEqual([
      "reads_beep_behaviour",
      "reads_2b_sent",
      "timings_string_format",
      "tag_timeout",
    ]);
  });

  it("holds every item exactly once", () => {
    const all: string[] = [];
    const collect = (nodes: Nodes) => {
      for (const n of nodes) {
        all.push(...n.items.map((i) => i.name_internal));
        collect(n.children);
      }
    };
    collect(tree);
    expect(all.sort()).toEqual(BUILT_IN_CONFIG.map((c) => c.name_internal).sort());
  });

  it("nests by underscore path, creating missing parents, and falls back to the path as name", () => {
    const items = [
      { category: "a_b_c", id: 1 },
      { category: "x", id: 2 },
      { category: "a", id: 3 },
      { category: "a_b_c", id: 4 },
      { category: "", id: 5 },
    ];
    const t = buildConfigTree(items, { a: "Alpha", a_b_c: "Charlie" });
    expect(t.map((n) => [n.path, n.name])).toEqual([
      ["a", "Alpha"],
      ["x", "x"],
      ["other", "other"],
    ]);
    const a = t[0];
    expect(a?.items.map((i) => i.id)).toEqual([3]);
    expect(a?.children.map((n) => [n.path, n.name])).toEqual([["a_b", "a_b"]]);
    expect(a?.children[0]?.children.map((n) => [n.path, n.name, n.items.map((i) => i.id)])).toEqual([
      ["a_b_c", "Charlie", [1, 4]],
    ]);
  });
});

describe("configSaveText (SPEC §8)", () => {
  it.each([
    [404, "Config not found"],
    [400, "Bad packet"],
    [401, "Unauthorized"],
    [200, "Success"],
    // "any other code reads 'Success'" — only 200 counts as success, but the text is the spec's.
    [500, "Success"],
  ])("%i → %s", (code, text) => {
    expect(configSaveText(code)).toBe(text);
  });
});
