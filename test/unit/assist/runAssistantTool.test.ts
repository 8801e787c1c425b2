// runAssistantTool's bound holds for the whole result a model reads, the list of cuts included.
import * as assert from 'node:assert/strict';
import { type AssistantEnvironment, type AssistantTool, runAssistantTool, toolResultText } from '../../../src/core/assist/tools';

const environment: AssistantEnvironment = {
  client: () => Promise.reject(new Error('no cluster here')),
  readManifest: () => Promise.reject(new Error('no files here')),
  language: 'en',
  localize: (catalog) => catalog,
};

/** A tool whose answer has many long lists and strings, so that cutting it records many cuts. */
const wide: AssistantTool = {
  name: 'wide',
  title: 'Wide',
  description: 'A large answer.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  readsCluster: false,
  answer: async () => ({
    context: null,
    answer: Object.fromEntries(
      Array.from({ length: 12 }, (_, group) => [
        `group${group}`,
        Array.from({ length: 40 }, (_, item) => ({ name: `item-${group}-${item}`, text: 'x'.repeat(60) })),
      ]),
    ),
  }),
};

describe('runAssistantTool', () => {
  it('keeps the whole result, its list of cuts included, within maxChars', async () => {
    for (const maxChars of [3_000, 4_000, 8_000, 20_000]) {
      const result = await runAssistantTool(wide, {}, environment, maxChars);
      assert.ok(result.truncated && result.truncated.length > 1, `${maxChars}: cut in several places`);
      const length = toolResultText(result).length;
      assert.ok(length <= maxChars, `${length} characters for a bound of ${maxChars}`);
    }
  });
});
