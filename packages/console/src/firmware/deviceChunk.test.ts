// The multipart body of a chunk: flSize on the first only, offset always, the bytes as a file part.
import { describe, expect, it } from "vitest";
import { chunkForm } from "./deviceChunk.ts";

const bytes = Uint8Array.from([1, 2, 3, 4]);

describe("chunkForm", () => {
  it("carries flSize, offset and the chunk on the first chunk", async () => {
    const form = chunkForm({ offset: 0, bytes, fileSize: 9000, first: true });
    expect([...form.keys()]).toEqual(["flSize", "offset", "chunk"]);
    expect(form.get("flSize")).toBe("9000");
    expect(form.get("offset")).toBe("0");
    const part = form.get("chunk") as File;
    expect(part.name).toBe("firmware.bin");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes);
  });

  it("leaves flSize out of later chunks", () => {
    const form = chunkForm({ offset: 4096, bytes, fileSize: 9000, first: false });
    expect([...form.keys()]).toEqual(["offset", "chunk"]);
    expect(form.get("offset")).toBe("4096");
  });
});
