// The emulated unit: its persistent stores, living simulation and boot cycle, shared by every route.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { DeviceMode, UnitDataset } from "@trc/protocol";
import { DeviceClock } from "./clock/device-clock.ts";
import { WarpClock } from "./clock/warp-clock.ts";
import { ReadsOutbox } from "./mqtt/reads-outbox.ts";
import { UnitLink } from "./mqtt/unit-link.ts";
import type { PowerControl } from "./net/power-cycle.ts";
import type { ResolvedOptions } from "./options.ts";
import { RaceControl } from "./race/race-control.ts";
import { RANDOM_STREAMS, randomStream } from "./sim/noise.ts";
import { ReadLog } from "./sim/read-log.ts";
import { TagReader, UHF_CHANNELS, type UhfPower } from "./sim/tag-reader.ts";
import { unitTelemetry } from "./sim/telemetry.ts";
import { TimeKeeper } from "./sim/time-keeper.ts";
import { UhfControl } from "./sim/uhf-control.ts";
import { ConfigStore } from "./state/config-store.ts";
import { type DataPaths, dataPaths, prepareDataDir } from "./state/data-dir.ts";
import { FileSystem } from "./state/file-system.ts";
import { FirmwareStore } from "./state/firmware-store.ts";
import { IdentityStore } from "./state/identity.ts";
import { OtaUpdater } from "./state/ota-updater.ts";
import { PasswordStore } from "./state/passwords.ts";
import { UhfSettingsStore } from "./state/uhf-settings.ts";
import { Upload } from "./upload/upload.ts";

export class Device {
  /** Host time of power-on: telemetry counts from here and continues across reboots. */
  readonly startedAt: number;
  #bootedAt: number;
  #boots = 0;
  power: PowerControl = {
    scheduleReboot: () => {
      throw new Error("The unit is not running");
    },
    scheduledAt: null,
    cancelReboot: () => {},
  };
  /** The unit's MQTT client (D11). */
  readonly mqtt: UnitLink;
  /** Race control (D12): test and timing mode, the timing sessions and the timing ports. */
  readonly timing: RaceControl;
  /** D14: the passings posted to the server of http_url. */
  readonly upload: Upload;
  /** The port the HTTP API listens on (set by the server once it listens; the upload refuses to post to it). */
  httpPort = 0;
  /** The unit's seeded draws of request latencies (the esp32 profile's, DEVICE_TIME_JITTER_MS's). */
  readonly latencyRandom: () => number;
  /** The time sources (D13): GPS, NTP, the RTC's holdover drift of the device clock. */
  readonly time: TimeKeeper;

  private constructor(
    readonly options: ResolvedOptions,
    readonly paths: DataPaths,
    readonly config: ConfigStore,
    readonly passwords: PasswordStore,
    readonly identity: IdentityStore,
    readonly firmware: FirmwareStore,
    readonly files: FileSystem,
    readonly ota: OtaUpdater,
    readonly clock: DeviceClock,
    readonly reader: TagReader,
    outbox: ReadsOutbox,
    /** The unit's one host clock: everything it simulates over time reads it (tests advance it). */
    readonly hostClock: WarpClock,
    /** The antenna ports and the transmitter (D13, UHF_TX). */
    readonly uhf: UhfControl,
  ) {
    this.startedAt = hostClock.now();
    this.#bootedAt = this.startedAt;
    this.latencyRandom = randomStream(options.seed, RANDOM_STREAMS.latency);
    this.mqtt = new UnitLink(this, outbox, {
      keepAliveS: options.mqttKeepAliveS,
      publishMs: options.mqttPublishMs,
      readsTickMs: options.mqttReadsTickMs,
      reconnectMs: options.mqttReconnectMs,
    });
    this.timing = new RaceControl(this);
    this.upload = new Upload(this);
    this.time = new TimeKeeper(
      { gpsCorrection: () => this.config.get("gps_correction", false) },
      this.startedAt,
    );
    clock.attachDrift(this.time);
  }

  /** Opens (or seeds, on a new data folder) every store; the unit's host clock is a new WarpClock unless given. */
  static async open(options: ResolvedOptions, hostClock = new WarpClock()): Promise<Device> {
    const paths = dataPaths(options.dataDir);
    await prepareDataDir(paths);
    // device.json is written last, so a new unit interrupted while seeding is seeded again on the next start.
    const isNew = !existsSync(paths.identity);
    const files = new FileSystem(paths.files);
    if (isNew) await files.writeExamples(hostClock.now());
    const config = await ConfigStore.open(paths.config);
    const passwords = await PasswordStore.open(paths.passwords);
    const firmware = await FirmwareStore.open(paths.firmware, paths.slots, options.otaConfirmMs, hostClock);
    const identity = await IdentityStore.open(paths.identity);
    if (options.deviceName && identity.value.deviceName !== options.deviceName) {
      await identity.update({ deviceName: options.deviceName });
    }
    // Read through the unit once it exists: the reset hook gives it a new configuration store.
    let unit: Device | null = null;
    const power = () => (unit?.config ?? config).get<string>("uhf_power", "HIGH") as UhfPower;
    const missing = options.scenario.includes("antenna-missing");
    const log = await ReadLog.open(join(paths.root, "reads.json"));
    const clock = new DeviceClock(hostClock, options.clockOffsetMs);
    const unitTime = (hostMs: number) => hostMs + clock.offsetMs;
    const now = () => hostClock.now();
    const uhfPorts = options.mode === "uhf" ? UHF_CHANNELS : 0;
    const uhfStore = await UhfSettingsStore.open(join(paths.root, "uhf.json"), uhfPorts);
    const uhf = new UhfControl(uhfStore, { now, globalPower: power, advance: () => reader.advance() });
    const reader = new TagReader(now(), options.mode, power, {
      log,
      now,
      unitTime,
      antennaMissing: missing,
      ports: uhf,
    });
    const outbox = await ReadsOutbox.open(join(paths.root, "mqtt.json"), log, hostClock);
    unit = new Device(
      options,
      paths,
      config,
      passwords,
      identity,
      firmware,
      files,
      new OtaUpdater(firmware, { now }),
      clock,
      reader,
      outbox,
      hostClock,
      uhf,
    );
    return unit;
  }

  get mode(): DeviceMode {
    return this.options.mode;
  }

  /** A dataset as GET /api/telemetry/<dataset> answers it (and MQTT publishes it). */
  telemetry(dataset: UnitDataset): Promise<unknown> {
    return unitTelemetry(this, dataset);
  }

  get bootedAt(): number {
    return this.#bootedAt;
  }

  get boots(): number {
    return this.#boots;
  }

  sinceBoot(now = this.hostClock.now()): number {
    return now - this.#bootedAt;
  }

  elapsed(now = this.hostClock.now()): number {
    return now - this.startedAt;
  }

  /** Power-on (first start and after every reboot): runs the boot slot and notes it in the status log. */
  async boot(): Promise<void> {
    this.#boots++;
    this.#bootedAt = this.hostClock.now();
    this.uhf.boot(this.#bootedAt);
    this.time.boot(this.#bootedAt);
    this.firmware.boot();
    this.mqtt.start();
    await this.timing.boot();
    await this.upload.boot();
    const fw = this.firmware.telemetry();
    const line = `${new Date(this.clock.now()).toISOString()} INFO  boot: firmware ${fw.version} on ota_${fw.partition}, watchdog ${fw.otaWatchDog}`;
    await this.files.appendLogLine("status.log", line).catch(() => {});
  }

  /** Power-off: an upload in progress is lost, the timing ports close, timers stop, and pending writes finish. */
  async halt(): Promise<void> {
    await this.upload.halt();
    await this.timing.halt();
    await this.mqtt.powerOff();
    await this.ota.reset();
    this.firmware.halt();
    await this.firmware.flushed();
    await this.reader.log.flush();
  }
}
