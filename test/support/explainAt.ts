import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../src/core/fields/explain';
import type { Language } from '../../src/core/fields/types';
import { manifestPositionAt, parseManifest } from '../../src/core/yaml/yamlPath';

/** Explains the field at the first `@@` of `yaml` (the marker is removed), as a hover does. */
export function explainAt(yaml: string, language: Language = 'en'): FieldExplanation {
  const offset = yaml.indexOf('@@');
  assert.ok(offset >= 0, 'the test manifest marks its cursor with @@');
  const parsed = parseManifest(yaml.replace('@@', ''))!;
  const position = manifestPositionAt(parsed, offset);
  assert.ok(position, 'a Kubernetes field under the cursor');
  return explainField(position, { language });
}
