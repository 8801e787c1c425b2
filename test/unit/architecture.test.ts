// The shape of the source tree: no import circles, nothing in the core imports what sits above it, and inside
// the core every part imports only parts of a lower layer.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

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

/**
 * The layers of src/core, lowest first. A part is a folder of src/core or a file directly in it; a part may
 * import itself and the parts of lower layers, never a part of its own layer or of a higher one.
 */
const coreLayers: readonly (readonly string[])[] = [
  // Vocabulary and helpers that know no cluster: component names, glossary, text, events, YAML.
  ['util', 'yaml', 'glossary', 'componentIds', 'version'],
  // Talking to kube-apiserver: clients, watches, the slim objects they keep.
  ['kube'],
  // Which cluster (kubeconfig) and what its fields mean (field knowledge and schemas).
  ['kubeconfig', 'fields'],
  // The anatomy model, and the views of single objects that need no anatomy: manifests to apply, traces.
  ['anatomy', 'apply', 'trace'],
  // What is worked out over the anatomy: the control plane's health, the hands-on checks.
  ['health', 'handsOn'],
  // Where a Pod can run (reads kube versions through health).
  ['placement'],
  // The diagram (anatomy with the placement overlay beside it).
  ['diagram'],
  // The workspace that ties the models to the clusters of a window.
  ['workspace'],
  // The answers as tools for assistants, over all of the above.
  ['assist'],
];

/** The part of src/core a file belongs to: `core/anatomy/types.ts` → `anatomy`, `core/glossary.ts` → `glossary`. */
function corePart(file: string): string | undefined {
  const path = relative(src, file).split(sep);
  if (path[0] !== 'core' || path.length < 2) return undefined;
  return path[1]!.replace(/\.ts$/, '');
}

function layerOf(part: string): number {
  return coreLayers.findIndex((layer) => layer.includes(part));
}

/** The imports from one part of the core into another, as `from → to (file → file)`. */
function coreImports(graph: Map<string, string[]>): { from: string; to: string; text: string }[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = corePart(file);
    if (!from) return [];
    return targets.flatMap((target) => {
      const to = corePart(target);
      return to && to !== from ? [{ from, to, text: `${relative(src, file)} → ${relative(src, target)}` }] : [];
    });
  });
}

describe('the source tree', () => {
  const graph = importGraph();

  it('has no import circles', () => {
    assert.deepEqual(circles(graph), []);
  });

  it('keeps the core below the protocol, the webview, the VS Code adapters and the CLI', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      relative(src, file).startsWith('core/')
        ? targets
            .filter((target) => /^(protocol|webview|ui|cli)\//.test(relative(src, target)))
            .map((target) => `${relative(src, file)} → ${relative(src, target)}`)
        : [],
    );
    assert.deepEqual(upward, []);
  });

  it('gives every part of the core a layer', () => {
    const parts = new Set([...graph.keys()].map(corePart).filter((part) => part !== undefined));
    assert.deepEqual([...parts].filter((part) => layerOf(part) < 0).sort(), []);
  });

  it('has no import from a part of the core to one of its own layer or a higher one', () => {
    const upward = coreImports(graph)
      .filter(({ from, to }) => layerOf(to) >= layerOf(from))
      .map(({ text }) => text);
    assert.deepEqual(upward, []);
  });

  it('keeps the anatomy model free of health and placement, and the field knowledge free of the anatomy', () => {
    const forbidden = coreImports(graph)
      .filter(({ from, to }) => (from === 'anatomy' && (to === 'health' || to === 'placement')) || (from === 'fields' && to === 'anatomy'))
      .map(({ text }) => text);
    assert.deepEqual(forbidden, []);
  });
});
