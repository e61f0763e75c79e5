/**
 * The 3-tier item category tree and its per-node counts, built from flat rows. Pure: the server answers
 * /appframework/categories/tree and /stats with it, and the ItemCategories screen reads the same shapes.
 */
export type CategoryRow = { id: number; code: string; name: string; tier: number; parent_id: number | null };

export type CategoryStats = {
  /** Direct child categories. */
  children: number;
  /** All categories below, at any depth. */
  descendants: number;
  /** Items classified directly under this category. */
  items: number;
  /** Items under this category or any category below it. */
  itemsBelow: number;
};

export type CategoryNode = CategoryRow & { stats: CategoryStats; children: CategoryNode[] };

/** Builds the forest (tier-1 roots), children sorted by code; `itemCounts` maps category id to items classified there. */
export function buildCategoryTree(
  rows: readonly CategoryRow[],
  itemCounts: ReadonlyMap<number, number> = new Map(),
): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(
    rows.map((row) => [
      row.id,
      {
        ...row,
        children: [],
        stats: { children: 0, descendants: 0, items: itemCounts.get(row.id) ?? 0, itemsBelow: 0 },
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id !== null ? nodes.get(node.parent_id) : undefined;
    // A row whose parent is missing still shows, at the top, rather than vanishing.
    (parent ? parent.children : roots).push(node);
  }
  const visit = (node: CategoryNode, seen: Set<number>): void => {
    if (seen.has(node.id)) throw new Error(`Category ${node.code} is its own ancestor`);
    seen.add(node.id);
    node.children.sort((a, b) => a.code.localeCompare(b.code));
    node.stats.children = node.children.length;
    node.stats.itemsBelow = node.stats.items;
    for (const child of node.children) {
      visit(child, seen);
      node.stats.descendants += 1 + child.stats.descendants;
      node.stats.itemsBelow += child.stats.itemsBelow;
    }
  };
  roots.sort((a, b) => a.code.localeCompare(b.code));
  for (const root of roots) visit(root, new Set());
  return roots;
}

/** Every node of the forest, depth first, without the nesting (for /stats and for grids). */
export function flattenCategoryTree(roots: readonly CategoryNode[]): (CategoryRow & CategoryStats)[] {
  const out: (CategoryRow & CategoryStats)[] = [];
  const walk = (node: CategoryNode) => {
    const { children, stats, ...row } = node;
    out.push({ ...row, ...stats });
    children.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}
