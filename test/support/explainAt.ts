import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../src/core/fields/explain';
import type { Language } from '../../src/core/fields/types';
import { manifestPositionAt, parseManifest, type PathSegment } from '../../src/core/yaml/yamlPath';

/** Explains the field at the first `@@` of `yaml` (the marker is removed), as a hover does. */
export function explainAt(yaml: string, language: Language = 'en'): FieldExplanation {
  const offset = yaml.indexOf('@@');
  assert.ok(offset >= 0, 'the test manifest marks its cursor with @@');
  const parsed = parseManifest(yaml.replace('@@', ''))!;
  const position = manifestPositionAt(parsed, offset);
  assert.ok(position, 'a Kubernetes field under the cursor');
  return explainField(position, { language });
}

/** Explains the field at `path` of a `kind` object, as a hover on it would. */
export function explainPath(kind: string, apiVersion: string, path: PathSegment[], language: Language = 'en'): FieldExplanation {
  return explainField({ kind, apiVersion, path }, { language });
}

/** The actor `id` (of `controller`, when given) in an explanation; the test fails, naming the actors there are, without it. */
export function actorOf(explanation: FieldExplanation, id: string, controller?: string): FieldExplanation['components'][number] {
  const found = explanation.components.find(
    (component) => component.id === id && (controller === undefined || component.controller === controller),
  );
  assert.ok(
    found,
    `no ${id}${controller ? `/${controller}` : ''} in ${explanation.components.map((component) => component.id).join(', ')}`,
  );
  return found;
}
