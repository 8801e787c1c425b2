// The shape of the source tree: no import circles, and nothing in the core imports what sits above it.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const src = join(__dirname, '..', '..', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file's relative imports (type-only ones too: a circle of types is still a circle to read). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(/(?:import|export)[^;]*?from '(\.[^']+)'/gs)) {
      const base = normalize(join(dirname(file), match[1]!));
      const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(src, member));
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the source tree', () => {
  const graph = importGraph();

  it('has no import circles', () => {
    assert.deepEqual(circles(graph), []);
  });

  it('keeps the core below the protocol, the webview, the VS Code adapters and the CLI', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      relative(src, file).startsWith('core/')
        ? targets.filter((target) => /^(protocol|webview|ui|cli)\//.test(relative(src, target))).map((target) => `${relative(src, file)} → ${relative(src, target)}`)
        : [],
    );
    assert.deepEqual(upward, []);
  });
});
