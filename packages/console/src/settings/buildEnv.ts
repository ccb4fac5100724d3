// The Environment Variables section: the build's variables (Vite's MODE, BASE_URL, PROD, DEV, SSR, VITE_*) and the compile time.
export interface EnvRow {
  name: string;
  value: string;
}

const FIRST = ["MODE", "BASE_URL", "PROD", "DEV", "SSR"];

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "(undefined)";
  return JSON.stringify(value) ?? String(value);
}

/** Vite's own variables first, then VITE_* ones by name, then the compile time. */
export function envRows(env: Readonly<Record<string, unknown>>, compileTime: string | undefined): EnvRow[] {
  const names = Object.keys(env);
  const own = FIRST.filter((n) => names.includes(n));
  const rest = names.filter((n) => !FIRST.includes(n)).sort();
  const rows = [...own, ...rest].map((name) => ({ name, value: text(env[name]) }));
  rows.push({ name: "__COMPILE_TIME__", value: compileTime ?? "(not set)" });
  return rows;
}
