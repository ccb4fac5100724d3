// Helpers of the firmware browser tests: the chunk call, an image chosen as a file, and a valve on the page's chunks.
import type { Page } from "@playwright/test";

export const FIRMWARE_PATH = "/api/firmware/update";

/** An image's bytes as the file the operator chooses. */
export const imageFile = (name: string, bytes: Uint8Array) => ({
  name,
  mimeType: "application/octet-stream",
  buffer: Buffer.from(bytes),
});

/** Opens the firmware page and chooses the image `bytes` as `name`. */
export async function chooseImage(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  await page.goto("/firmware");
  await page.getByLabel("Firmware image (.bin)").setInputFiles(imageFile(name, bytes));
}

export interface ChunkValve {
  /** Lets `count` more held chunks go on to the unit. */
  allow(count: number): void;
  /** Lets every chunk go on, held or to come. */
  open(): void;
  /** How many chunks wait at the valve now. */
  held(): number;
}

/**
 * Holds the page's firmware chunks on their way out after the first `passing`: the upload is under way (the unit holds
 * its upload lock, the next chunk is in flight) for as long as the test needs, however fast the machine. A chunk let
 * go reaches the real unit untouched; one the page gave up while held (it left the load) is dropped.
 */
export async function chunkValve(page: Page, passing = 1): Promise<ChunkValve> {
  let budget = passing;
  const held: Array<() => void> = [];
  const pump = () => {
    while (budget > 0 && held.length > 0) {
      budget -= 1;
      held.shift()?.();
    }
  };
  await page.route(`**${FIRMWARE_PATH}`, async (route) => {
    await new Promise<void>((resolve) => {
      held.push(resolve);
      pump();
    });
    // A request the page aborted while it was held can no longer go on: nothing reaches the unit, as on a real network.
    await route.continue().catch(() => undefined);
  });
  return {
    allow(count) {
      budget += count;
      pump();
    },
    open() {
      budget = Number.POSITIVE_INFINITY;
      pump();
    },
    held: () => held.length,
  };
}
