// Makes sure Debian's Mosquitto is at /usr/sbin/mosquitto for the MQTT tests (the tests start their own brokers;
// the package's service is not needed), installing it with apt-get when missing.
import { ensureDebianPackage } from "./ensure-debian-package.mjs";

ensureDebianPackage({
  tag: "ensure-mosquitto",
  program: "/usr/sbin/mosquitto",
  pkg: "mosquitto",
  versionArgs: ["-h"],
});
