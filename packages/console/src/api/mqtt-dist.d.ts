// Types of mqtt.js's browser build (the package types only its Node entry; the browser build exports the same API).
declare module "mqtt/dist/mqtt.esm" {
  const mqtt: typeof import("mqtt");
  export default mqtt;
}
