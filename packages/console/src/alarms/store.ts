// The alarm store moved to shared/alarmStore.ts (the header, the fleet and unit switching use it); kept for importers.
export * from "../shared/alarmStore.ts";
