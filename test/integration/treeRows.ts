// The tree's rendered rows, as the VS Code suite files look them up.
import * as assert from 'node:assert/strict';
import type { RenderedTreeItem } from '../../src/ui/tree/anatomyTreeProvider';

/** The row with this label; fails, naming the labels there are, when there is none. */
export function byLabel(items: readonly RenderedTreeItem[], label: string): RenderedTreeItem {
  const item = items.find((candidate) => candidate.label === label);
  assert.ok(item, `no tree item "${label}" among ${items.map((i) => i.label).join(', ')}`);
  return item;
}
