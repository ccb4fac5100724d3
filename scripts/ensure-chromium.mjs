// Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests, installing it with apt-get when missing.
import { ensureDebianPackage } from "./ensure-debian-package.mjs";

ensureDebianPackage({
  tag: "ensure-chromium",
  program: "/usr/bin/chromium",
  pkg: "chromium",
  versionArgs: ["--version"],
  note: " (this takes a few minutes)",
});
