// What was read from the chosen image before anything is sent (D6): size, SHA-256, project name and version.
import type { LocalImage } from "./stages.ts";

export function ImageDetails({ image }: { image: LocalImage }) {
  const rows: [string, string, string][] = [
    ["File", image.name, "image-file"],
    ["Size", `${image.size} bytes`, "image-size"],
    ["SHA-256", image.sha256, "image-sha256"],
    ["Project", image.info.projectName || "(none)", "image-project"],
    ["Version", image.info.version, "image-version"],
    ["Built", `${image.info.date} ${image.info.time}`.trim() || "(unknown)", "image-built"],
    ["IDF", image.info.idfVersion || "(unknown)", "image-idf"],
  ];
  return (
    <dl className="fw-image">
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={label === "SHA-256" ? "mono" : undefined} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
