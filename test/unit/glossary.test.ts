import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { glossary } from '../../src/core/glossary';

const root = join(__dirname, '..', '..');

interface Pair {
  readonly where: string;
  readonly en: string;
  readonly ja: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every `{ en: '…', ja: '…' }` object literal in the sources (knowledge entries, text tables, labels). */
function sourcePairs(): Pair[] {
  const pairs: Pair[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const text = (name: string) => {
          const property = node.properties.find(
            (candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText(source) === name,
          ) as ts.PropertyAssignment | undefined;
          const value = property?.initializer;
          return value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) ? value.text : undefined;
        };
        const en = text('en');
        const ja = text('ja');
        if (en !== undefined && ja !== undefined) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          pairs.push({ where: `${relative(root, file)}:${line + 1}`, en, ja });
        }
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  return pairs;
}

/** The VS Code localisations: the l10n bundle (English key, Japanese value) and the manifest's nls files. */
function bundlePairs(): Pair[] {
  const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, string>;
  const nlsEn = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const nlsJa = JSON.parse(readFileSync(join(root, 'package.nls.ja.json'), 'utf8')) as Record<string, string>;
  return [
    ...Object.entries(bundle).map(([en, ja]) => ({ where: 'l10n/bundle.l10n.ja.json', en, ja })),
    ...Object.entries(nlsJa).map(([key, ja]) => ({ where: `package.nls.ja.json ${key}`, en: nlsEn[key] ?? '', ja })),
  ];
}

function says(text: string, term: { en: string; caseSensitive?: boolean }): boolean {
  const escaped = term.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z.-])${escaped}(s|es)?([^A-Za-z.-]|$)`, term.caseSensitive ? '' : 'i').test(text);
}

describe("the glossary: one set of Japanese terms, the article's", () => {
  const pairs = [...sourcePairs(), ...bundlePairs()];

  it("finds the product's Japanese where it lives", () => {
    assert.ok(pairs.length > 700, `${pairs.length} pairs`);
    for (const where of [
      'src/core/fields/knowledge/pod.ts',
      'src/core/fields/explainRender.ts',
      'src/core/fields/components.ts',
      'l10n/bundle.l10n.ja.json',
      'package.nls.ja.json',
    ]) {
      assert.ok(
        pairs.some((pair) => pair.where.startsWith(where)),
        where,
      );
    }
  });

  it('no Japanese string uses a form the glossary rules out', () => {
    const found = pairs.flatMap((pair) =>
      glossary.flatMap((term) =>
        term.not.filter((form) => pair.ja.includes(form)).map((form) => `${pair.where}: ${form} (say ${term.ja}): ${pair.ja}`),
      ),
    );
    assert.deepEqual(found, []);
  });

  it('terms with one rendering are rendered so wherever the English says them', () => {
    const found = pairs.flatMap((pair) =>
      glossary
        .filter((term) => term.required && says(pair.en, term) && !pair.ja.includes(term.ja))
        .map((term) => `${pair.where}: "${term.en}" without ${term.ja}: ${pair.ja}`),
    );
    assert.deepEqual(found, []);
  });

  it('監視 means watch: Japanese that says it says watch in English', () => {
    const found = pairs
      .filter((pair) => pair.ja.includes('監視') && !/watch/i.test(pair.en))
      .map((pair) => `${pair.where}: ${pair.en} / ${pair.ja}`);
    assert.deepEqual(found, []);
  });
});
