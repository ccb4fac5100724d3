// Splits a program's bytes into request lines, holding at most one line's worth (256 bytes) whatever it is sent.
//
// A line ends at CR or LF (so CRLF too); empty lines are skipped, not answered. A line that grows past the limit is
// reported once as too long the moment it does (its bytes dropped), and the rest of it up to its end is discarded.
// Chunks are queued as they come and taken apart one line at a time (`next`), so the caller can stop between lines
// (its output full) and the socket is paused meanwhile: what is held is the queued chunks plus one partial line.

export type LineEvent = { kind: "line"; text: string } | { kind: "too-long" };

const CR = 0x0d;
const LF = 0x0a;

export class LineReader {
  #chunks: Buffer[] = [];
  /** Where the first queued chunk is read from. */
  #offset = 0;
  #partial: Buffer[] = [];
  #partialBytes = 0;
  #discarding = false;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held: queued and not yet taken apart, plus the partial line. */
  get held(): number {
    let n = this.#partialBytes - this.#offset;
    for (const c of this.#chunks) n += c.length;
    return n;
  }

  /** Whether queued bytes remain to be taken apart (a partial line alone does not count). */
  get pending(): boolean {
    return this.#chunks.length > 0;
  }

  push(chunk: Buffer): void {
    if (chunk.length) this.#chunks.push(chunk);
  }

  /** The next complete line or too-long report from the queued bytes; null when they are all taken apart. */
  next(): LineEvent | null {
    for (;;) {
      const chunk = this.#chunks[0];
      if (!chunk) return null;
      let end = this.#offset;
      while (end < chunk.length && chunk[end] !== CR && chunk[end] !== LF) end++;
      const piece = chunk.subarray(this.#offset, end);
      const ended = end < chunk.length;
      this.#offset = ended ? end + 1 : chunk.length;
      if (this.#offset >= chunk.length) {
        this.#chunks.shift();
        this.#offset = 0;
      }
      const event = this.#take(piece, ended);
      if (event) return event;
    }
  }

  #take(piece: Buffer, ended: boolean): LineEvent | null {
    if (this.#discarding) {
      if (ended) this.#discarding = false;
      return null;
    }
    if (this.#partialBytes + piece.length > this.maxBytes) {
      this.#partial = [];
      this.#partialBytes = 0;
      this.#discarding = !ended;
      return { kind: "too-long" };
    }
    if (piece.length) {
      // A copy: the partial line must not keep a whole received chunk alive.
      this.#partial.push(Buffer.from(piece));
      this.#partialBytes += piece.length;
    }
    if (!ended) return null;
    const text = Buffer.concat(this.#partial, this.#partialBytes).toString("utf8");
    this.#partial = [];
    this.#partialBytes = 0;
    return text.length ? { kind: "line", text } : null;
  }
}
