// Environment Variables: the name and value of each variable the build baked in.
import { envRows } from "./buildEnv.ts";

export function EnvSection() {
  const rows = envRows(import.meta.env as unknown as Record<string, unknown>, __COMPILE_TIME__);
  return (
    <section className="panel settings-section" aria-labelledby="settings-env">
      <h2 id="settings-env">Environment Variables</h2>
      <table className="settings-table" aria-label="Environment variables">
        <thead>
          <tr>
            <th>Name</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <td className="mono">{r.name}</td>
              <td className="mono">{r.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
