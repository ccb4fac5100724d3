// Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests, installing it with apt-get when missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
const log = (msg) => console.log(`[ensure-chromium] ${msg}`);
const fail = (msg) => {
  console.error(`[ensure-chromium] ERROR: ${msg}`);
  process.exit(1);
};

function version() {
  const r = spawnSync(CHROMIUM, ["--version"], { encoding: "utf8", timeout: 30_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

if (existsSync(CHROMIUM)) {
  log(`found ${version() ?? CHROMIUM}`);
  process.exit(0);
}

if (process.platform !== "linux" || !existsSync("/usr/bin/apt-get")) {
  fail(
    `${CHROMIUM} is missing and this is not a Debian machine with apt-get; install Chromium there by hand.`,
  );
}

// apt-get needs root: run it directly as root, else through password-less sudo when there is one.
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
let prefix = [];
if (!isRoot) {
  const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore" });
  if (sudo.status !== 0) {
    fail(
      `${CHROMIUM} is missing and installing it needs root. Run as root: apt-get update && apt-get install -y chromium`,
    );
  }
  prefix = ["sudo", "-n", "--preserve-env=DEBIAN_FRONTEND"];
}

// Wait up to 10 minutes for another apt/dpkg run to release its locks instead of failing at once.
const LOCK_WAIT = ["-o", "DPkg::Lock::Timeout=600"];

function run(args, what) {
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
}

log(`${CHROMIUM} is missing: installing Debian's chromium package (this takes a few minutes).`);
run(["apt-get", ...LOCK_WAIT, "update"], "apt-get update");
run(["apt-get", ...LOCK_WAIT, "install", "-y", "chromium"], "apt-get install chromium");

if (!existsSync(CHROMIUM)) fail(`apt-get reported success but ${CHROMIUM} is still missing.`);
const v = version();
if (!v) fail(`${CHROMIUM} was installed but '${CHROMIUM} --version' does not run.`);
log(`installed ${v}`);
