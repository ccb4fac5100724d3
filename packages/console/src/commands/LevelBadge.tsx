// A command's level badge, shown from level 20 (SPEC §6).
import { levelBadge } from "./executeRule.ts";

export function LevelBadge({ perm }: { perm: number }) {
  const badge = levelBadge(perm);
  if (!badge) return null;
  return (
    <span className={`badge badge-${badge.tone}`} title={badge.title} data-testid="level-badge">
      {badge.text}
    </span>
  );
}
