// The unit's identity and stored settings outside the configuration list: name, whitelabel, MQTT server.
import { JsonDocument, readJsonFile } from "./atomic-file.ts";

export interface Identity {
  deviceName: string;
  serial: string;
  whitelabel: string;
  mqttServer: string;
}

export const SEED_IDENTITY: Identity = {
  deviceName: "DECODER-01",
  serial: "TRC-2611-0001",
  whitelabel: "",
  /** No broker until MQTT_SET names one (D11). */
  mqttServer: "",
};

export class IdentityStore {
  private constructor(private readonly doc: JsonDocument<Identity>) {}

  static async open(path: string): Promise<IdentityStore> {
    const stored = (await readJsonFile(path)) as Partial<Identity> | undefined;
    const value: Identity = { ...SEED_IDENTITY };
    if (stored && typeof stored === "object") {
      for (const key of Object.keys(SEED_IDENTITY) as (keyof Identity)[]) {
        if (typeof stored[key] === "string") value[key] = stored[key];
      }
    }
    const store = new IdentityStore(new JsonDocument(path, value));
    if (stored === undefined) await store.doc.save();
    return store;
  }

  get value(): Readonly<Identity> {
    return this.doc.value;
  }

  update(patch: Partial<Identity>): Promise<void> {
    return this.doc.set({ ...this.doc.value, ...patch });
  }
}
