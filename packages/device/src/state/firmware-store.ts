// The partition table: which OTA slot boots, what each slot holds, and the OTA watchdog after an update.
import { createHash } from "node:crypto";
import { join } from "node:path";
import {
  type AppImageInfo,
  checkAppImage,
  FACTORY_PARTITION,
  type FirmwareTelemetry,
  makeTestImage,
  OTA_PARTITIONS,
  type OtaWatchdog,
} from "@trc/protocol";
import type { Clock, ClockTimer } from "../clock/clock.ts";
import { JsonDocument, readJsonFile, writeFileAtomic } from "./atomic-file.ts";

export interface SlotInfo {
  version: string;
  compileTime: string;
  projectName: string;
  size: number;
  sha256: string;
}

export interface PartitionTable {
  /** The slot the next boot runs. */
  bootPartition: number;
  slots: Record<string, SlotInfo>;
  /** A new image was switched to and has not yet run healthily for long enough. */
  pendingConfirm: boolean;
}

export const SEED_VERSION = "1.4.2";
const FACTORY: SlotInfo = {
  version: "1.0.0-factory",
  compileTime: "Jan 10 2026 08:00:00",
  projectName: "trc-decoder",
  size: 0,
  sha256: "",
};

export const slotFile = (dir: string, slot: number) => join(dir, `ota_${slot}.bin`);
export const partFile = (dir: string, slot: number) => join(dir, `ota_${slot}.part`);

export function slotInfo(info: AppImageInfo, bytes: Uint8Array): SlotInfo {
  return {
    version: info.version,
    compileTime: `${info.date} ${info.time}`.trim(),
    projectName: info.projectName,
    size: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

function isTable(v: unknown): v is PartitionTable {
  const t = v as PartitionTable;
  return !!t && Number.isInteger(t.bootPartition) && typeof t.slots === "object" && t.slots !== null;
}

export class FirmwareStore {
  #running = FACTORY_PARTITION;
  #watchdog: OtaWatchdog = "INACTIVE";
  #confirmTimer: ClockTimer | undefined;

  private constructor(
    private readonly doc: JsonDocument<PartitionTable>,
    readonly slotDir: string,
    private readonly confirmMs: number,
    private readonly clock: Clock,
  ) {}

  /** Loads firmware.json; a new unit gets version 1.4.2 in slot 0. The watchdog runs on the unit's `clock`. */
  static async open(path: string, slotDir: string, confirmMs: number, clock: Clock): Promise<FirmwareStore> {
    const stored = await readJsonFile(path);
    if (isTable(stored)) return new FirmwareStore(new JsonDocument(path, stored), slotDir, confirmMs, clock);
    const image = makeTestImage({ size: 64 * 1024, version: SEED_VERSION, seed: 142 });
    const check = checkAppImage(image);
    if (!check.ok) throw new Error(`seed image: ${check.reason}`);
    await writeFileAtomic(slotFile(slotDir, 0), image);
    const table: PartitionTable = {
      bootPartition: 0,
      slots: { "0": slotInfo(check.info, image) },
      pendingConfirm: false,
    };
    const store = new FirmwareStore(new JsonDocument(path, table), slotDir, confirmMs, clock);
    await store.doc.save();
    return store;
  }

  get table(): Readonly<PartitionTable> {
    return this.doc.value;
  }

  get runningPartition(): number {
    return this.#running;
  }

  /** The slot an upload writes to: the one after the running slot. */
  get inactiveSlot(): number {
    return this.#running < 0 ? 0 : (this.#running + 1) % OTA_PARTITIONS;
  }

  private info(slot: number): SlotInfo {
    return this.doc.value.slots[String(slot)] ?? FACTORY;
  }

  /** Power-on: run the boot slot; a freshly switched image is watched, then confirmed after a healthy run. */
  boot(): void {
    this.halt();
    const table = this.doc.value;
    this.#running = table.slots[String(table.bootPartition)] ? table.bootPartition : FACTORY_PARTITION;
    if (table.pendingConfirm) {
      this.#watchdog = "WATCHING";
      this.#confirmTimer = this.clock.setTimeout(() => {
        this.#watchdog = "COMPLETE";
        this.doc.set({ ...this.doc.value, pendingConfirm: false }).catch((err: unknown) => {
          process.stderr.write(`device: could not confirm the firmware: ${String(err)}\n`);
        });
      }, this.confirmMs);
      this.#confirmTimer.unref();
    } else {
      this.#watchdog = "INACTIVE";
    }
  }

  /** Power-off: stop the watchdog timer (an unconfirmed image stays unconfirmed). */
  halt(): void {
    this.clock.clearTimeout(this.#confirmTimer);
    this.#confirmTimer = undefined;
  }

  telemetry(): FirmwareTelemetry {
    const info = this.info(this.#running);
    return {
      version: info.version,
      compileTime: info.compileTime,
      partition: this.#running,
      otaWatchDog: this.#watchdog,
    };
  }

  /** Records a verified image in `slot` and makes it the boot slot; resolves once that is on disk. */
  install(slot: number, info: SlotInfo): Promise<void> {
    const slots = { ...this.doc.value.slots, [String(slot)]: info };
    return this.doc.set({ bootPartition: slot, slots, pendingConfirm: true });
  }

  flushed(): Promise<void> {
    return this.doc.flushed();
  }
}
