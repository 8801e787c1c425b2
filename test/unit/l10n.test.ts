import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

const root = join(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('the Japanese localisation', () => {
  it('has every sentence the extension passes to vscode.l10n.t', () => {
    const japanese = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, unknown>;
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(join(root, 'src'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.getText(source) === 'vscode.l10n.t') {
          const message = node.arguments[0];
          if (message && (ts.isStringLiteral(message) || ts.isNoSubstitutionTemplateLiteral(message))) {
            seen++;
            if (typeof japanese[message.text] !== 'string') missing.push(`${relative(root, file)}: ${message.text}`);
          }
        }
        node.forEachChild(visit);
      };
      visit(source);
    }
    assert.ok(seen > 200, `${seen} sentences found`);
    assert.deepEqual(missing, []);
  });
});
