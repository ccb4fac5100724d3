// Writes docs/RELIABILITY.md's figures section from docs/reliability/*.json (written by the tests with TRC_FIGURES=1).
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const dir = `${root}docs/reliability/`;
const doc = `${root}docs/RELIABILITY.md`;
const START = "<!-- figures:start -->";
const END = "<!-- figures:end -->";

async function json(name) {
  try {
    return JSON.parse(await readFile(dir + name, "utf8"));
  } catch {
    return undefined;
  }
}

const kb = (b) => `${(b / 1024).toFixed(0)} KiB`;
const when = (f) => (f?.measuredAt ? ` (measured ${f.measuredAt.slice(0, 16).replace("T", " ")} UTC)` : "");
const counts = (o) =>
  Object.entries(o ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ") || "none";

const figures = (await json("figures.json")) ?? {};
const soakLong = await json("soak-long.json");
const soakShort = await json("soak-short.json");
const clock = await json("clock.json");
const lines = [];
const h = figures.hostileNames;
if (h)
  lines.push(
    `- Hostile file names: **${h.names}** generated names, **${h.requests}** requests (download and delete); statuses ${counts(h.statuses)}; no 5xx; sentinels outside \`files/\` intact${when(h)}.`,
  );
const m = figures.malformedBodies;
if (m)
  lines.push(
    `- Malformed bodies: **${m.refusedWithReason}** hand-made malformed requests refused with a 4xx and a reason, plus **${m.arbitraryJsonBodies}** arbitrary JSON bodies, none a 5xx; state unchanged${when(m)}.`,
  );
const l = figures.levels;
if (l)
  lines.push(
    `- Levels: ${l.commands} commands and ${l.configItems} configuration items × ${l.callers} callers and ${l.wrongPasswords} wrong passwords: **${l.checks}** checks${when(l)}.`,
  );
const pc = figures.powerCutsConfig;
if (pc)
  lines.push(
    `- Power cuts during configuration writes: **${pc.kills}** SIGKILLs, ${pc.acknowledgedWrites} acknowledged writes all found after restart, ${pc.unansweredAtCut} writes in flight at a cut (seed ${pc.seed})${when(pc)}.`,
  );
const pf = figures.powerCutsFirmware;
if (pf)
  lines.push(
    `- Power cuts during firmware uploads: **${pf.kills}** SIGKILLs (${pf.chunksAckedBeforeCuts} chunks acknowledged before the cuts); old firmware active after each, then a clean full upload applied (seed ${pf.seed})${when(pf)}.`,
  );
for (const [label, s] of [
  ["Chaos soak (npm run soak)", soakLong],
  ["Chaos soak, short (the soaks' defaults)", soakShort],
]) {
  if (!s) continue;
  lines.push(
    `- ${label}: **${Math.round(s.durationMs / 1000)} s** with DEVICE_CHAOS=0.1, ${s.actions} clicks, page visits ${counts(s.pageVisits)}, ${s.reloads} reloads, ${s.apiAnswers} API answers of which faults ${counts(s.chaos)}; an error on screen after ${s.errorsOnScreen} steps; uncaught page errors: **${s.pageErrors.length}** (seed ${s.seed}).`,
  );
}
if (clock)
  lines.push(
    `- ${clock.minutes} minutes of auto-refresh on Playwright's fake clock: ${clock.requests} requests, ${clock.timersCreated} timers created; ${clock.intervals ?? "?"} intervals throughout, at most ${clock.maxTimeouts ?? "?"} pending timeouts; live timers ${clock.liveTimers.min}–${clock.liveTimers.max} (${clock.liveTimers.atMinute10} at minute 10, ${clock.liveTimers.atEnd} at the end); JS heap after GC ${kb(clock.heapBytes.atMinute10)} at minute 10 → ${kb(clock.heapBytes.atEnd)} at minute ${clock.minutes}; DOM nodes ${clock.domNodes.atMinute10} → ${clock.domNodes.atEnd}; listeners ${clock.listeners.atMinute10} → ${clock.listeners.atEnd}.`,
  );

// Race-day soak (issue 22): e2e/soak/raceday.spec.ts.
const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
for (const [label, r] of [
  ["Race day, 8 fake hours (npm run soak)", await json("raceday-long.json")],
  ["Race day, real time (npm run soak)", await json("raceday-real.json")],
  ["Race day, short (the soaks' defaults)", await json("raceday-short.json")],
]) {
  if (!r) continue;
  const phases = r.phases
    .map(
      (p) =>
        `${p.phase} ${p.minutes} min: ${p.requestsPerMinute} requests/min, at most ${p.maxInFlight} in flight at the unit${p.received === undefined ? "" : `, received ${p.received} = the unit's ${p.unitReads}`}`,
    )
    .join("; ");
  const nodes = Object.entries(r.nodesByPhase)
    .filter(([, n]) => n)
    .map(([k, n]) => `${k} ${n.min}–${n.max}`)
    .join(", ");
  lines.push(
    `- ${label}: **${r.minutes} min** on a 390×844 phone, esp32 profile, DEVICE_CHAOS=0.05, reads arriving; ${phases}${r.livePage ? "" : " (the Live page was not in this build)"}; JS heap after GC ${mb(r.heapBytes.first)} first → ${mb(r.heapBytes.max)} peak → ${mb(r.heapBytes.last)} last (bound ${mb(r.heapBound)}); DOM nodes ${nodes}; at most ${r.maxAlarms} alarm(s) listed; uncaught page errors: **0**${when(r)}.`,
  );
}

const text = await readFile(doc, "utf8");
const a = text.indexOf(START);
const b = text.indexOf(END);
if (a < 0 || b < a) throw new Error(`${doc} has no ${START} … ${END} section`);
await writeFile(doc, `${text.slice(0, a + START.length)}\n${lines.join("\n")}\n${text.slice(b)}`);
console.log(`docs/RELIABILITY.md: ${lines.length} figure lines`);
