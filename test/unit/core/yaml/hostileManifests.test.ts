import * as assert from 'node:assert/strict';
import { explainField } from '../../../../src/core/fields/explain';
import {
  blankTemplateActions,
  COMMAND_BUDGET,
  formatPath,
  manifestFieldAt,
  MAX_NESTING,
  parseManifest,
  type WorkBudget,
} from '../../../../src/core/yaml/yamlPath';
import { hostileBlobs, hostileHead as head, onHostileName as onName } from '../../../fixtures/manifests/hostile';

const MB = 1024 * 1024;

/** A clock that only moves when told to, and counts how often it was read. */
function fakeClock(millisPerRead = 0): { clock: () => number; reads: () => number } {
  let now = 0;
  let count = 0;
  return {
    clock: () => {
      count++;
      now += millisPerRead;
      return now;
    },
    reads: () => count,
  };
}

function fieldAt(text: string, offset: number, budget: WorkBudget) {
  const parsed = parseManifest(text);
  assert.ok(parsed);
  return manifestFieldAt(parsed, offset, budget);
}

/** A Deployment of about `containers` × 12 lines, all in one YAML document. */
function largeDeployment(containers: number): string {
  const lines = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: big',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
  ];
  for (let index = 0; index < containers; index++) {
    lines.push(
      `      - name: c${index}`,
      `        image: example/c${index}:1`,
      '        env:',
      `        - {name: A${index}, value: "x"}`,
      '        ports:',
      `        - containerPort: ${index}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('hostile manifests', () => {
  describe('blankTemplateActions', () => {
    it('blanks closed actions and leaves an unterminated one as it is', () => {
      assert.equal(blankTemplateActions('a: {{ x }} b {{ y'), `a: ${' '.repeat(7)} b {{ y`);
      assert.equal(blankTemplateActions('{{ a {{ b }} c }}'), `${' '.repeat(12)} c }}`, 'an action ends at its first }}');
      assert.equal(blankTemplateActions('x: {{\n  y }}\n'), `x:   \n${' '.repeat(6)}\n`, 'line breaks are kept');
    });

    it('returns 1 MB of {{ unchanged (the lazy regex it replaces retried every {{ against the rest of the file)', () => {
      const text = '{{'.repeat(MB / 2);
      assert.equal(blankTemplateActions(text), text);
    });
  });

  describe('work budget', () => {
    // Each input is a ConfigMap whose value is 1 MB of the hostile text: the cursor is on its name.
    const budget = (clock: () => number): WorkBudget => ({ maxSteps: 50_000, maxMillis: 1_000, clock });

    for (const [name, hostile] of Object.entries(hostileBlobs)) {
      it(`${name}: answers within the step budget, a field or "too large"`, () => {
        const { clock, reads } = fakeClock();
        const found = fieldAt(head + hostile, onName, budget(clock));
        assert.ok(
          found === 'too-large' || (found !== undefined && formatPath(found.path) === 'metadata.name'),
          `got ${JSON.stringify(found)}`,
        );
        // The clock is read once at the start and then every 1,024 steps.
        assert.ok(reads() <= 1 + Math.ceil(50_000 / 1024), `${reads()} clock reads`);
      });
    }

    it('a 100k-line sequence of sequences is too large for a hover, and is still explained by the command line', () => {
      const text = `${head}\n${'- - - -\n'.repeat(20_000)}`;
      assert.equal(fieldAt(text, onName, { maxSteps: 50_000 }), 'too-large');
      const found = fieldAt(text, onName, COMMAND_BUDGET);
      assert.ok(found && found !== 'too-large');
      assert.equal(formatPath(found.path), 'metadata.name');
      assert.equal(explainField(found).path, 'metadata.name');
    });

    it('stops at its time budget, read from the injected clock', () => {
      const text = largeDeployment(2_000);
      const offset = text.indexOf('c1999:1');
      // A clock that moves 1 ms on each read: 10 ms allow about ten thousand steps.
      const late = fakeClock(1);
      assert.equal(fieldAt(text, offset, { maxSteps: 10_000_000, maxMillis: 10, clock: late.clock }), 'too-large');
      assert.ok(late.reads() <= 12, `${late.reads()} clock reads`);
      // The same work with a clock that does not move finds the field.
      const found = fieldAt(text, offset, { maxSteps: 10_000_000, maxMillis: 10, clock: fakeClock(0).clock });
      assert.ok(found && found !== 'too-large');
      assert.equal(formatPath(found.path), 'spec.template.spec.containers[1999].image');
    });

    it('a larger budget parses what a smaller one gave up on (the parse is cached per budget)', () => {
      const parsed = parseManifest(largeDeployment(500));
      assert.ok(parsed);
      const offset = parsed.text.indexOf('c499:1');
      assert.equal(manifestFieldAt(parsed, offset, { maxSteps: 1_000 }), 'too-large');
      assert.equal(manifestFieldAt(parsed, offset, { maxSteps: 500 }), 'too-large', 'a smaller budget reuses the failure');
      const found = manifestFieldAt(parsed, offset, COMMAND_BUDGET);
      assert.ok(found && found !== 'too-large');
      assert.equal(formatPath(found.path), 'spec.template.spec.containers[499].image');
    });

    it(`refuses nesting deeper than ${MAX_NESTING} instead of recursing into it (10,000 levels crashed V8)`, () => {
      for (const nested of ['['.repeat(10_000), '{'.repeat(10_000), `\n  ${'- '.repeat(10_000)}`]) {
        assert.equal(fieldAt(head + nested, onName, COMMAND_BUDGET), 'too-large', `nested ${nested.slice(0, 8)}`);
      }
      const shallow = `${head}${'['.repeat(20)}${']'.repeat(20)}\n`;
      const found = fieldAt(shallow, onName, COMMAND_BUDGET);
      assert.ok(found && found !== 'too-large');
      assert.equal(formatPath(found.path), 'metadata.name');
    });
  });
});
