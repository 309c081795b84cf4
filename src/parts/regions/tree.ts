/**
 * The search regions as a tree (product 3.5) and their check states (product 4.5):
 * selecting a parent selects or clears all its descendants; toggling a child sets each
 * ancestor active only when all of that ancestor's children agree. A selection is kept as
 * the list of selected ids, parents included, so that a parent is selected exactly when all
 * its children are. Pure: the wizard's slice, the menu and the map all read these.
 */

export interface Region {
  locationId: number;
  name: string;
  /** null: a top-level region. */
  parentId: number | null;
}

export interface RegionTree {
  /** The regions by id. */
  byId: ReadonlyMap<number, Region>;
  roots: readonly number[];
  children: ReadonlyMap<number, readonly number[]>;
  /** Each region's parent in the tree (null at the top). */
  parents: ReadonlyMap<number, number | null>;
  /** Every id, parents before their children, in the order the backend gave them. */
  order: readonly number[];
}

export type CheckState = 'checked' | 'unchecked' | 'mixed';

const NONE: readonly number[] = [];

/**
 * Builds the tree. A region whose parent is unknown (or that would close a cycle) stands at
 * the top; a repeated id keeps its first entry.
 */
export function buildTree(regions: readonly Region[]): RegionTree {
  const byId = new Map<number, Region>();
  for (const region of regions)
    if (!byId.has(region.locationId)) byId.set(region.locationId, region);
  const parentOf = (id: number): number | null => {
    const parentId = byId.get(id)?.parentId ?? null;
    return parentId !== null && byId.has(parentId) ? parentId : null;
  };
  // A parent chain that comes back to itself is cut where it closes.
  const effectiveParent = new Map<number, number | null>();
  for (const id of byId.keys()) {
    const seen = new Set([id]);
    let parent = parentOf(id);
    for (let at = parent; at !== null; at = parentOf(at)) {
      if (seen.has(at)) {
        parent = null;
        break;
      }
      seen.add(at);
    }
    effectiveParent.set(id, parent);
  }
  const children = new Map<number, number[]>();
  const roots: number[] = [];
  for (const id of byId.keys()) {
    const parent = effectiveParent.get(id)!;
    if (parent === null) roots.push(id);
    else children.set(parent, [...(children.get(parent) ?? []), id]);
  }
  const order: number[] = [];
  const visit = (id: number) => {
    order.push(id);
    for (const child of children.get(id) ?? NONE) visit(child);
  };
  roots.forEach(visit);
  return { byId, roots, children, parents: effectiveParent, order };
}

export const childrenOf = (tree: RegionTree, id: number) => tree.children.get(id) ?? NONE;

function descendants(tree: RegionTree, id: number, out: number[] = []): number[] {
  for (const child of childrenOf(tree, id)) {
    out.push(child);
    descendants(tree, child, out);
  }
  return out;
}

export const parentOf = (tree: RegionTree, id: number): number | null =>
  tree.parents.get(id) ?? null;

/** Sets each parent from its children, deepest first: selected exactly when all children are. */
function settleParents(tree: RegionTree, selected: Set<number>): number[] {
  for (let i = tree.order.length - 1; i >= 0; i -= 1) {
    const id = tree.order[i]!;
    const children = childrenOf(tree, id);
    if (children.length === 0) continue;
    if (children.every((child) => selected.has(child))) selected.add(id);
    else selected.delete(id);
  }
  return tree.order.filter((id) => selected.has(id));
}

/** Every region selected (product 4.5: all start active). */
export const selectAll = (tree: RegionTree): number[] => [...tree.order];

/**
 * A given list of ids as a consistent selection: a listed parent selects all its descendants,
 * parents follow their children, unknown ids are dropped.
 */
export function selectionFrom(tree: RegionTree, ids: readonly number[]): number[] {
  const selected = new Set<number>();
  for (const id of ids) {
    if (!tree.byId.has(id)) continue;
    selected.add(id);
    for (const inner of descendants(tree, id)) selected.add(inner);
  }
  return settleParents(tree, selected);
}

/** Toggles one region: with all its descendants, and its ancestors following (product 4.5). */
export function toggle(tree: RegionTree, selection: readonly number[], id: number): number[] {
  if (!tree.byId.has(id)) return [...selection];
  const selected = new Set(selection);
  const on = !selected.has(id);
  for (const inner of [id, ...descendants(tree, id)]) {
    if (on) selected.add(inner);
    else selected.delete(inner);
  }
  return settleParents(tree, selected);
}

export function checkState(
  tree: RegionTree,
  selection: ReadonlySet<number>,
  id: number,
): CheckState {
  if (selection.has(id)) return 'checked';
  const inner = descendants(tree, id);
  return inner.some((d) => selection.has(d)) ? 'mixed' : 'unchecked';
}

/**
 * The selection as sent (`locations`, product 4.5): a region whose children are all selected stands
 * for them, so the profile says 'Mitte' rather than each of its localities. selectionFrom()
 * reads it back.
 */
export function compactSelection(tree: RegionTree, selection: readonly number[]): number[] {
  const selected = new Set(selection);
  const out: number[] = [];
  const visit = (id: number) => {
    if (selected.has(id)) out.push(id);
    else childrenOf(tree, id).forEach(visit);
  };
  tree.roots.forEach(visit);
  return out;
}

/** One row of the menu: a region visible with its parents expanded. */
export interface RegionRow {
  id: number;
  level: number;
  /** Position among its siblings (1-based) and how many there are. */
  position: number;
  siblings: number;
  hasChildren: boolean;
}

/** The rows a menu shows with the given parents expanded, in tree order. */
export function visibleRows(tree: RegionTree, expanded: ReadonlySet<number>): RegionRow[] {
  const rows: RegionRow[] = [];
  const visit = (ids: readonly number[], level: number) => {
    ids.forEach((id, index) => {
      const children = childrenOf(tree, id);
      rows.push({
        id,
        level,
        position: index + 1,
        siblings: ids.length,
        hasChildren: children.length > 0,
      });
      if (children.length > 0 && expanded.has(id)) visit(children, level + 1);
    });
  };
  visit(tree.roots, 1);
  return rows;
}

/** The parents that must be expanded for a region to show. */
export function ancestorsOf(tree: RegionTree, id: number): number[] {
  const out: number[] = [];
  for (let at = parentOf(tree, id); at !== null; at = parentOf(tree, at)) out.unshift(at);
  return out;
}
