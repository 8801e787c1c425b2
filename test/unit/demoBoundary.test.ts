// The demo cluster (src/demo) is a package of its own. Product code reaches it only through its entry
// (src/demo/index.ts), with `import type` or with a `require()` at the moment the user opens it, so that the
// bundles load dist/demo.js then and not before; the core never reaches it; the demo itself builds on the core
// only. eslint.config.mjs says the same for static imports; this also reads dynamic imports and requires.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const src = join(__dirname, '..', '..', 'src');
const demo = join(src, 'demo');
const entry = join(demo, 'index.ts');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.m?ts$/.test(path) ? [path] : [];
  });
}

interface Reference {
  readonly file: string;
  readonly specifier: string;
  /** The file it leads to, or the specifier itself when it is not relative. */
  readonly target: string;
  /** `import type` / `export type`: erased from every bundle. */
  readonly typeOnly: boolean;
  /** `import()` or `require()`: runs when reached, not when the file loads. */
  readonly dynamic: boolean;
}

function resolveSpecifier(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  const base = join(dirname(file), specifier);
  return [base, `${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? base;
}

/** Every import, export-from, import() and require() of a file. */
function references(file: string): Reference[] {
  const text = readFileSync(file, 'utf8');
  const found: Reference[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+'([^']+)'/gms)) {
    found.push({ file, specifier: match[3]!, target: resolveSpecifier(file, match[3]!), typeOnly: Boolean(match[2]), dynamic: false });
  }
  for (const match of text.matchAll(/\b(?:import|require)\s*\(\s*'([^']+)'\s*\)/g)) {
    found.push({ file, specifier: match[1]!, target: resolveSpecifier(file, match[1]!), typeOnly: false, dynamic: true });
  }
  return found;
}

const inDemo = (path: string) => path === demo || path.startsWith(demo + sep);
const name = (reference: Reference) => `${relative(src, reference.file)} → ${reference.specifier}`;

describe("the demo's boundary", () => {
  const product = sourceFiles(src)
    .filter((file) => !inDemo(file))
    .flatMap(references);
  const toDemo = product.filter((reference) => inDemo(reference.target));

  it('is crossed by the product at its entry only', () => {
    assert.deepEqual(toDemo.filter((reference) => reference.target !== entry).map(name), []);
  });

  it('is never crossed by the core, not even for a type', () => {
    assert.deepEqual(toDemo.filter((reference) => relative(src, reference.file).startsWith(`core${sep}`)).map(name), []);
  });

  it('is crossed at run time only by a require() when the user opens the demo; everything else imports types', () => {
    assert.deepEqual(toDemo.filter((reference) => !reference.typeOnly && !reference.dynamic).map(name), []);
    // The two places the user opens it from: the editor's command and the CLI's `demo`.
    assert.deepEqual(
      toDemo
        .filter((reference) => reference.dynamic)
        .map((reference) => relative(src, reference.file))
        .sort(),
      [join('cli', 'demoCommand.ts'), join('ui', 'demo', 'demoClusterCommand.ts')],
    );
  });

  it("lets the demo build on the core only: not on VS Code, the editor's adapters, the CLI or the protocol", () => {
    const upward = sourceFiles(demo)
      .flatMap(references)
      .filter(
        (reference) =>
          reference.target === 'vscode' ||
          (reference.target.startsWith(src + sep) && !inDemo(reference.target) && !reference.target.startsWith(join(src, 'core') + sep)),
      );
    assert.deepEqual(upward.map(name), []);
  });

  it('finds the references it checks (the scan reads this tree)', () => {
    assert.ok(
      toDemo.some((reference) => reference.typeOnly),
      "the product imports the demo's types",
    );
    assert.ok(
      sourceFiles(demo)
        .flatMap(references)
        .some((reference) => reference.target.startsWith(join(src, 'core') + sep)),
      'the demo imports the core',
    );
  });
});
