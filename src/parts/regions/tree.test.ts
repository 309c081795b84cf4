import fc from 'fast-check';
import {
  buildTree,
  checkState,
  compactSelection,
  selectAll,
  selectionFrom,
  toggle,
  visibleRows,
  type Region,
  type RegionTree,
} from './tree';

const BERLIN: Region[] = [
  { locationId: 1, name: 'Mitte', parentId: null },
  { locationId: 11, name: 'Moabit', parentId: 1 },
  { locationId: 12, name: 'Wedding', parentId: 1 },
  { locationId: 2, name: 'Pankow', parentId: null },
  { locationId: 21, name: 'Prenzlauer Berg', parentId: 2 },
  { locationId: 22, name: 'Buch', parentId: 2 },
  { locationId: 23, name: 'Karow', parentId: 2 },
  { locationId: 3, name: 'Spandau', parentId: null },
];

/** Every parent is selected exactly when all its children are. */
function consistent(tree: RegionTree, selection: readonly number[]) {
  const selected = new Set(selection);
  return [...tree.children].every(
    ([parent, children]) => selected.has(parent) === children.every((c) => selected.has(c)),
  );
}

/** A random forest of up to 40 regions, up to 4 levels deep, ids in random order. */
const forest = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 40 }).map((picks) => {
  const regions: Region[] = [];
  picks.forEach((pick, index) => {
    const candidates = regions.filter((r) => depth(regions, r) < 3);
    const parent =
      pick % 3 === 0 || candidates.length === 0 ? null : candidates[pick % candidates.length]!;
    regions.push({
      locationId: 100 + index,
      name: `R${index}`,
      parentId: parent?.locationId ?? null,
    });
  });
  return regions;
});

function depth(regions: Region[], region: Region): number {
  let level = 0;
  for (let at = region; at.parentId !== null; level += 1)
    at = regions.find((r) => r.locationId === at.parentId)!;
  return level;
}

describe('region tree (product 3.5, 4.5)', () => {
  const tree = buildTree(BERLIN);

  it('selecting a parent selects or clears all its children', () => {
    const none = toggle(tree, selectAll(tree), 1);
    expect(none).toEqual([2, 21, 22, 23, 3]);
    expect(toggle(tree, none, 1)).toEqual(selectAll(tree));
  });

  it('a child sets its parent only when all its siblings agree', () => {
    const withoutBuch = toggle(tree, selectAll(tree), 22);
    expect(withoutBuch).not.toContain(2);
    expect(checkState(tree, new Set(withoutBuch), 2)).toBe('mixed');
    expect(toggle(tree, withoutBuch, 22)).toContain(2);
    const onlyKarow = toggle(tree, toggle(tree, withoutBuch, 21), 23);
    expect(checkState(tree, new Set(onlyKarow), 2)).toBe('unchecked');
  });

  it('reads a preselected list: a listed parent brings its children, unknown ids go', () => {
    expect(selectionFrom(tree, [2, 11, 999])).toEqual([11, 2, 21, 22, 23]);
    expect(selectionFrom(tree, [11, 12])).toEqual([1, 11, 12]);
  });

  it('sends a fully selected parent for its children, and reads that back', () => {
    const selection = selectionFrom(tree, [11, 21, 22, 23]);
    expect(compactSelection(tree, selection)).toEqual([11, 2]);
    expect(selectionFrom(tree, compactSelection(tree, selection))).toEqual(selection);
  });

  it('stands a region with an unknown parent or a parent cycle at the top', () => {
    const odd = buildTree([
      { locationId: 5, name: 'A', parentId: 6 },
      { locationId: 6, name: 'B', parentId: 5 },
      { locationId: 7, name: 'C', parentId: 404 },
    ]);
    expect(visibleRows(odd, new Set(odd.order)).map((r) => [r.id, r.level])).toEqual(
      expect.arrayContaining([[7, 1], expect.arrayContaining([expect.any(Number), 1])]),
    );
    expect(odd.order).toHaveLength(3);
  });

  it('random toggles over a random tree keep every parent consistent with its children', () => {
    fc.assert(
      fc.property(forest, fc.array(fc.nat(), { maxLength: 30 }), (regions, toggles) => {
        const random = buildTree(regions);
        let selection = selectAll(random);
        for (const pick of toggles) {
          const id = random.order[pick % random.order.length]!;
          const before = new Set(selection);
          selection = toggle(random, selection, id);
          const after = new Set(selection);
          if (!consistent(random, selection)) return false;
          // The toggled region changed, and so did every region below it, the same way.
          if (before.has(id) === after.has(id)) return false;
          // Regions outside its line (not above, not below) kept their state.
          const line = new Set([id]);
          for (let at = random.parents.get(id); at != null; at = random.parents.get(at))
            line.add(at);
          const below = (x: number): boolean => {
            for (let at: number | null | undefined = x; at != null; at = random.parents.get(at))
              if (at === id) return true;
            return false;
          };
          for (const other of random.order)
            if (!line.has(other) && !below(other) && before.has(other) !== after.has(other))
              return false;
          // What is sent reads back as the same selection.
          if (
            selectionFrom(random, compactSelection(random, selection)).join() !== selection.join()
          )
            return false;
        }
        return true;
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });
});
