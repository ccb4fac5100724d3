// The browser's high-resolution clock as epoch ms: what requests are timed with and clock syncs measure against.
export const preciseNow = (): number => performance.timeOrigin + performance.now();
