// Why Set device time waits before the first clock sync: said by the Device Time card at once and by the set's rules.

/** The set lands on the browser's time plus the one-way delay a sync measures: none yet, nothing to set from. */
export const NEEDS_SYNC = "Needs a clock sync first (Requery)";
