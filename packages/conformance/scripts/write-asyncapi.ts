// npm run asyncapi: writes docs/asyncapi.json (the unit's MQTT topics, D11) from @trc/protocol (a test fails when stale).
import { asyncApiJson } from "@trc/protocol";
import { writeGenerated } from "./write-doc.ts";

await writeGenerated("asyncapi.json", asyncApiJson());
