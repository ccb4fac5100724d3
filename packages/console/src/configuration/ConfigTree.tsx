// The tree of categories (SPEC §2, D5): display names, nested by underscore path, each with its settings.
import { buildConfigTree, type ConfigTreeNode } from "@trc/protocol";
import { filterWords } from "../shared/race/filterWords.ts";
import type { ConflictAnswer } from "../shared/settings/conflict.ts";
import type { ConfigEntry, Draft } from "../shared/settings/settingRules.ts";
import { ConfigSetting } from "./ConfigSetting.tsx";
import { cleanField, type FieldState } from "./configState.ts";

interface Handlers {
  fields: Record<string, FieldState>;
  onEdit(name: string, draft: Draft): void;
  onSubmit(name: string): void;
  onResolve?(name: string, answer: ConflictAnswer): void;
  /** Words said under a setting, by its name. */
  notes: Record<string, string>;
}

function Category({
  node,
  depth,
  ...handlers
}: Handlers & { node: ConfigTreeNode<ConfigEntry>; depth: number }) {
  const Heading = `h${Math.min(2 + depth, 6)}` as "h2";
  const headingId = `cat-${node.path}`;
  return (
    <section className={`cfg-category cfg-depth-${Math.min(depth, 3)}`} aria-labelledby={headingId}>
      <Heading id={headingId}>{node.name}</Heading>
      {node.items.map((item) => (
        <ConfigSetting
          key={item.name_internal}
          item={item}
          field={handlers.fields[item.name_internal] ?? cleanField(item)}
          onEdit={handlers.onEdit}
          onSubmit={handlers.onSubmit}
          onResolve={handlers.onResolve}
          note={handlers.notes[item.name_internal]}
        />
      ))}
      {node.children.map((child) => (
        <Category key={child.path} node={child} depth={depth + 1} {...handlers} />
      ))}
    </section>
  );
}

export function ConfigTree({
  items,
  ...handlers
}: Omit<Handlers, "notes"> & { items: readonly ConfigEntry[] }) {
  // The unit's passing filter in words, beside both settings that make it (D12).
  const current = (name: string) => items.find((i) => i.name_internal === name)?.value_current;
  const words = filterWords(current("reads_2b_sent"), current("tag_timeout"));
  const notes: Record<string, string> = words ? { reads_2b_sent: words, tag_timeout: words } : {};
  return (
    <div className="cfg-tree">
      {buildConfigTree(items).map((node) => (
        <Category key={node.path} node={node} depth={0} notes={notes} {...handlers} />
      ))}
    </div>
  );
}
