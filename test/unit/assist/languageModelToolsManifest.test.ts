// package.json's languageModelTools against the core's tools: VS Code reads the manifest before the extension
// runs, so its names, descriptions and input schemas must be the core's own, and every %key% must have its text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantTools } from '../../../src/core/assist/tools';

const root = join(__dirname, '..', '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

interface ToolContribution {
  readonly name: string;
  readonly displayName: string;
  readonly userDescription: string;
  readonly modelDescription: string;
  readonly toolReferenceName: string;
  readonly canBeReferencedInPrompt: boolean;
  readonly icon: string;
  readonly tags: readonly string[];
  readonly inputSchema: object;
}

describe("package.json's languageModelTools", () => {
  const manifest = readJson('package.json') as { contributes: { languageModelTools: ToolContribution[] } };
  const contributions = manifest.contributes.languageModelTools;
  const nls = { en: readJson('package.nls.json'), ja: readJson('package.nls.ja.json') };

  it("has one entry per core tool, with the core's name, model description and input schema", () => {
    assert.deepEqual(
      contributions.map((entry) => entry.name),
      assistantTools.map((tool) => tool.name),
    );
    for (const tool of assistantTools) {
      const entry = contributions.find((candidate) => candidate.name === tool.name)!;
      assert.equal(entry.modelDescription, tool.description, tool.name);
      assert.deepEqual(entry.inputSchema, JSON.parse(JSON.stringify(tool.inputSchema)), tool.name);
    }
  });

  it('keeps the rules VS Code checks when it reads the contribution', () => {
    // From VS Code's languageModelTools extension point: a tool without these is refused with an error.
    const references = new Set<string>();
    for (const entry of contributions) {
      assert.match(entry.name, /^(?!copilot_|vscode_)[\w-]+$/, entry.name);
      assert.ok(entry.displayName && entry.modelDescription, entry.name);
      assert.equal(entry.canBeReferencedInPrompt, true, entry.name);
      assert.match(entry.toolReferenceName, /^[\w-]+$/, entry.name);
      assert.ok(!references.has(entry.toolReferenceName), `${entry.toolReferenceName} twice`);
      references.add(entry.toolReferenceName);
      assert.match(entry.icon, /^\$\([a-z-]+\)$/, entry.name);
      for (const tag of entry.tags) assert.doesNotMatch(tag, /^(copilot_|vscode_)/, entry.name);
    }
  });

  it('words the display name and the user description in English and Japanese', () => {
    for (const entry of contributions) {
      for (const value of [entry.displayName, entry.userDescription]) {
        const key = /^%(.+)%$/.exec(value)?.[1];
        assert.ok(key, `${entry.name}: ${value} is not localised`);
        for (const language of ['en', 'ja'] as const) {
          const text = nls[language][key];
          assert.ok(typeof text === 'string' && text.trim().length > 0, `${key} has no ${language} text`);
        }
        assert.notEqual(nls.ja[key], nls.en[key], `${key} is not translated`);
      }
    }
  });
});
