// The configuration tree: items grouped by their underscore-separated category path, with display names.
import { CONFIG_CATEGORY_LABELS, type ConfigItem } from "./config.ts";

export interface ConfigTreeNode<T extends Pick<ConfigItem, "category">> {
  /** The underscore path of this category, e.g. "wifi_sta". */
  readonly path: string;
  readonly name: string;
  readonly items: T[];
  readonly children: ConfigTreeNode<T>[];
}

/** Groups items into a tree by their underscore-separated category path, with display names per category. */
export function buildConfigTree<T extends Pick<ConfigItem, "category">>(
  items: readonly T[],
  labels: Readonly<Record<string, string>> = CONFIG_CATEGORY_LABELS,
): ConfigTreeNode<T>[] {
  const roots: ConfigTreeNode<T>[] = [];
  const byPath = new Map<string, ConfigTreeNode<T>>();
  const nodeFor = (path: string): ConfigTreeNode<T> => {
    const existing = byPath.get(path);
    if (existing) return existing;
    const node: ConfigTreeNode<T> = {
      path,
      name: Object.hasOwn(labels, path) ? (labels[path] ?? path) : path,
      items: [],
      children: [],
    };
    byPath.set(path, node);
    const cut = path.lastIndexOf("_");
    (cut > 0 ? nodeFor(path.slice(0, cut)).children : roots).push(node);
    return node;
  };
  for (const it of items) nodeFor(it.category || "other").items.push(it);
  return roots;
}
