// npm run openapi: writes docs/openapi.json from @trc/protocol's generator (a test fails when the file is stale).
import { openApiJson } from "@trc/protocol";
import { writeGenerated } from "./write-doc.ts";

await writeGenerated("openapi.json", openApiJson());
