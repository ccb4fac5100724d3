// The three steps (upload, load firmware, reboot), each with its status in words and colour.
import type { Step } from "./steps.ts";

const MARK: Record<Step["status"], string> = {
  pending: "○",
  active: "●",
  "in progress": "◐",
  done: "✓",
  failed: "✗",
};

export function StepIndicator({ steps }: { steps: Step[] }) {
  return (
    <ol className="fw-steps" aria-label="Firmware update steps">
      {steps.map((step, i) => (
        <li
          key={step.key}
          className={`fw-step fw-step-${step.status.replace(" ", "-")}`}
          data-testid={`step-${step.key}`}
          aria-current={step.status === "active" || step.status === "in progress" ? "step" : undefined}
        >
          <span className="fw-step-mark" aria-hidden="true">
            {MARK[step.status]}
          </span>
          <span className="fw-step-label">
            {i + 1}. {step.label}
          </span>
          <span className="fw-step-status">{step.status}</span>
        </li>
      ))}
    </ol>
  );
}
