// Contract checks that only read: device name, every telemetry dataset, the mappings, config/get and the file list.
import {
  API,
  BUILT_IN_CONFIG,
  CommandDefinition,
  ConfigGetResponse,
  ConfigItem,
  type ConfigValue,
  checkConfigValue,
  DeviceNameResponse,
  FileList,
  findCommand,
  findConfigItem,
  MappingQuantity,
  OPTIONAL_CONFIG,
  TELEMETRY_DATASETS,
  TELEMETRY_SCHEMAS,
} from "@trc/protocol";
import type * as z from "zod/mini";
import { type Check, type Context, contract, jsonProblems, sleep, statusProblem } from "../check.ts";
import { callOf } from "../client.ts";
import { D13_TELEMETRY_CHECKS } from "./antennas.ts";

const deviceName = contract("device name", async ({ client, facts }) => {
  const a = await client.get(API.deviceName);
  const problems = jsonProblems(a, DeviceNameResponse, "deviceName");
  if (!problems.length) facts.deviceName = DeviceNameResponse.parse(a.json);
  return problems;
});

// D13's uhf/config and gnss have checks of their own (404 without GPS, an older unit's told what it lacks).
const telemetry: Check[] = TELEMETRY_DATASETS.map(
  (dataset) =>
    D13_TELEMETRY_CHECKS[dataset] ??
    contract(`telemetry ${dataset}`, async ({ client }) => {
      const a = await client.get(API.telemetry(dataset));
      const problems = jsonProblems(a, TELEMETRY_SCHEMAS[dataset], dataset);
      const isObject = a.json !== null && typeof a.json === "object" && !Array.isArray(a.json);
      if (!problems.length && !isObject) problems.push(`${dataset} is not a JSON object`);
      return problems;
    }),
);

type Mapping = "commands" | "config";

/** Reads quantity, then every getInfo index; each entry checked against its schema and the built-in list. */
async function readMapping(
  ctx: Context,
  kind: Mapping,
  schema: z.ZodMiniType,
  compare: (entry: never, at: string) => string | null,
): Promise<string[]> {
  const quantity = kind === "commands" ? API.commandQuantity : API.configQuantity;
  const q = await ctx.client.get(quantity);
  const problems = jsonProblems(q, MappingQuantity, `${kind}/mapping/quantity`);
  if (problems.length) return problems;
  const { len } = MappingQuantity.parse(q.json);
  for (let index = 0; index < len; index++) {
    ctx.progress(`${kind} mapping getInfo ${index + 1}/${len}`);
    if (index > 0 && ctx.options.pacingMs > 0) await sleep(ctx.options.pacingMs);
    const address = kind === "commands" ? API.commandInfo(index) : API.configInfo(index);
    const a = await ctx.client.get(address);
    // SPEC §6: a 401 means the caller may not see that entry; the console skips it.
    if (a.status === 401) continue;
    const label = `getInfo?index=${index}`;
    const found = jsonProblems(a, schema, label);
    if (!found.length) {
      const mismatch = compare(schema.parse(a.json) as never, label);
      if (mismatch) found.push(mismatch);
    }
    problems.push(...found);
  }
  return problems;
}

const commandsQuantity = contract("commands mapping quantity", async ({ client }) =>
  jsonProblems(await client.get(API.commandQuantity), MappingQuantity, "commands/mapping/quantity"),
);

const commandsInfo = contract("commands mapping getInfo", (ctx) =>
  readMapping(ctx, "commands", CommandDefinition, (c: CommandDefinition, at) => {
    const known = findCommand(c.cmd);
    return known && known.perm !== c.perm
      ? `${at}: ${c.cmd} has level ${c.perm}, D4 gives ${known.perm}`
      : null;
  }),
);

const configQuantity = contract("config mapping quantity", async ({ client }) =>
  jsonProblems(await client.get(API.configQuantity), MappingQuantity, "config/mapping/quantity"),
);

const configInfo = contract("config mapping getInfo", (ctx) =>
  readMapping(ctx, "config", ConfigItem, (item: ConfigItem, at) => {
    const known = findConfigItem(item.name_internal);
    return known && known.type !== item.type
      ? `${at}: ${item.name_internal} has type ${item.type}, D5 gives ${known.type}`
      : null;
  }),
);

const configGet = contract("config get", async ({ client, facts }) => {
  const a = await client.get(API.configGet);
  const problems = jsonProblems(a, ConfigGetResponse, "config/get");
  if (problems.length) return problems;
  const values = a.json as Record<string, ConfigValue>;
  for (const item of BUILT_IN_CONFIG) {
    if (!(item.name_internal in values)) {
      // Beyond D5 (D14's http_url): an older unit lacks it; its own checks say so.
      if (OPTIONAL_CONFIG.includes(item.name_internal)) continue;
      problems.push(`config/get.${item.name_internal} is missing (D5 key)`);
      continue;
    }
    const reason = checkConfigValue(item, values[item.name_internal]);
    if (reason) {
      const value = JSON.stringify(values[item.name_internal]);
      problems.push(`config/get.${item.name_internal} is ${value}: ${reason.toLowerCase()} (D5)`);
    }
  }
  facts.config = values;
  return problems;
});

const fileList = contract("file list", async ({ client, facts }) => {
  const a = await client.get(API.filesAll);
  const problems = jsonProblems(a, FileList, "getAll");
  if (!problems.length) facts.files = FileList.parse(a.json).files;
  return problems;
});

const fileDownload = contract("file download", async ({ client, facts }) => {
  // A log may grow between the list and the download: prefer another file.
  const file = facts.files?.find((f) => !f.name.endsWith(".log")) ?? facts.files?.[0];
  if (!file) return { skip: facts.files ? "the unit lists no file" : "no file list (see file list)" };
  const a = await client.get(API.fileDownload(file.name));
  const status = statusProblem(a, 200);
  if (status) return [status];
  return a.bytes.length === file.size
    ? []
    : [`${callOf(a)} answered ${a.bytes.length} bytes; the list says ${file.size}`];
});

export const READ_CHECKS: readonly Check[] = [
  deviceName,
  ...telemetry,
  commandsQuantity,
  commandsInfo,
  configQuantity,
  configInfo,
  configGet,
  fileList,
  fileDownload,
];
