// Makes sure a Debian package's program is installed for the tests (Chromium, Mosquitto), installing the package
// with apt-get when it is missing (as root, or through password-less sudo).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * @param {{ tag: string, program: string, pkg: string, versionArgs: string[], note?: string }} o
 *   tag: the log prefix; program: the absolute path that must exist; pkg: the Debian package that provides it.
 */
export function ensureDebianPackage({ tag, program, pkg, versionArgs, note = "" }) {
  const log = (msg) => console.log(`[${tag}] ${msg}`);
  const fail = (msg) => {
    console.error(`[${tag}] ERROR: ${msg}`);
    process.exit(1);
  };
  const version = () => {
    const r = spawnSync(program, versionArgs, { encoding: "utf8", timeout: 30_000 });
    const out = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n")[0];
    return r.error ? null : out || program;
  };

  if (existsSync(program)) {
    log(`found ${version() ?? program}`);
    return;
  }
  if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) {
    fail(
      `${program} is missing and this is not a Debian machine with apt-get; install ${pkg} there by hand.`,
    );
  }
  // apt-get needs root: run it directly as root, else through password-less sudo when there is one.
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let prefix = [];
  if (!isRoot) {
    const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore" });
    if (sudo.status !== 0) {
      fail(
        `${program} is missing and installing it needs root. Run as root: apt-get update && apt-get install -y ${pkg}`,
      );
    }
    prefix = ["sudo", "-n", "--preserve-env=DEBIAN_FRONTEND"];
  }
  // Wait up to 10 minutes for another apt/dpkg run to release its locks instead of failing at once.
  const LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=600"];
  const run = (args, what) => {
    log(`${what}: ${[...prefix, ...args].join(" ")}`);
    const started = Date.now();
    const [cmd, ...rest] = [...prefix, ...args];
    const r = spawnSync(cmd, rest, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    if (r.error) fail(`${what} could not start: ${r.error.message}`);
    if (r.status !== 0)
      fail(`${what} failed with exit code ${r.status} after ${secs} s (see the output above).`);
    log(`${what} done in ${secs} s`);
  };

  log(`${program} is missing: installing Debian's ${pkg} package${note}.`);
  run(["apt-get", ...LOCK_WAIT, "update"], "apt-get update");
  run(["apt-get", ...LOCK_WAIT, "install", "-y", pkg], `apt-get install ${pkg}`);
  if (!existsSync(program)) fail(`apt-get reported success but ${program} is still missing.`);
  const v = version();
  if (!v) fail(`${program} was installed but '${program} ${versionArgs.join(" ")}' does not run.`);
  log(`installed ${v}`);
}
