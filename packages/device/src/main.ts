// Entry point: starts the emulated device from the environment (README lists the variables) and stops it on SIGTERM/SIGINT.
import { optionsFromEnv } from "./options.ts";
import { startDevice } from "./server.ts";

async function main(): Promise<void> {
  const running = await startDevice(optionsFromEnv(process.env));
  process.stdout.write(`TRC device listening on ${running.url}\n`);
  // The ready line stays the one line on stdout (harnesses parse it); the timing ports go to the log.
  const { raw, filtered } = running.timingPorts();
  running.options.log(
    `timing ports: raw ${raw ?? "none"} (every read), filtered ${filtered ?? "none"} (every passing)`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`device: ${signal}, shutting down\n`);
    // Real time (process management, not a unit's simulated time): a shutdown that hangs still ends.
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`device: shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("unhandledRejection", (err) => running.options.log(`unhandled: ${String(err)}`));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`device: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
