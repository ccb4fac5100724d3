// Text sizes in UTF-8 bytes: the limits a unit counts in bytes (an SSID, a request line on the timing port).

/** Bytes the text takes in UTF-8 (a lone surrogate as the 3 bytes of its replacement character). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
