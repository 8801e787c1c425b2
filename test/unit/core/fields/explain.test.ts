import * as assert from 'node:assert/strict';
import { explainField } from '../../../../src/core/fields/explain';
import { escapeMarkdown } from '../../../../src/core/util/markdown';

describe('explainField', () => {
  it('renders the components with their codicons, the timing and the official link', () => {
    const explanation = explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec', 'nodeName'] });
    assert.equal(explanation.path, 'spec.nodeName');
    assert.deepEqual(
      explanation.components.map((component) => component.id),
      ['kube-scheduler', 'kubelet'],
    );
    assert.equal(explanation.components[0].effect, 'writes-field');
    assert.match(explanation.markdown, /\$\(target\) \*\*kube-scheduler\*\* · when scheduling, writes it — Writes it through a binding/);
    assert.match(explanation.markdown, /\$\(vm\) \*\*kubelet\*\*/);
    assert.match(
      explanation.markdown,
      /\[Kubernetes documentation\]\(https:\/\/kubernetes\.io\/docs\/concepts\/scheduling-eviction\/assign-pod-node\/#nodename\)/,
    );
  });

  it("speaks Japanese with the article's terms", () => {
    const explanation = explainField({ kind: 'Node', apiVersion: 'v1', path: ['status', 'conditions'] }, { language: 'ja' });
    assert.match(explanation.markdown, /\*\*誰が扱うか:\*\*/);
    assert.match(explanation.markdown, /ハートビート/);
    assert.match(explanation.markdown, /退去/);
    assert.match(explanation.markdown, /· 常時、/);
    assert.match(explanation.markdown, /Kubernetes のドキュメント/);
    assert.equal(explanation.components[1].controller, 'node-lifecycle');
  });

  it('notes that a field is in a pod template, and which controllers make the Pods', () => {
    const explanation = explainField({
      kind: 'CronJob',
      apiVersion: 'batch/v1',
      path: ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers', 0, 'image'],
    });
    assert.equal(explanation.path, 'spec.jobTemplate.spec.template.spec.containers[0].image');
    assert.match(explanation.markdown, /In a Pod template: the controllers \(cronjob → job\) make Pods from it/);
    assert.equal(explanation.components[0].id, 'kubelet');
  });

  it("says that a custom resource is its own controller's business, and nothing more", () => {
    const explanation = explainField({ kind: 'Widget', apiVersion: 'example.com/v1', path: ['spec', 'size'] });
    assert.equal(explanation.custom, true);
    assert.deepEqual(explanation.components, []);
    assert.match(explanation.markdown, /A custom resource \(Widget, group example\.com\): its own controller handles it\./);
    assert.doesNotMatch(explanation.markdown, /kubernetes\.io\/docs/);
  });

  it('says "nothing reads it" where nothing does', () => {
    const explanation = explainField({
      kind: 'Deployment',
      apiVersion: 'apps/v1',
      path: ['metadata', 'annotations', 'kubectl.kubernetes.io/last-applied-configuration'],
    });
    assert.match(explanation.markdown, /nothing in the cluster reads it/);
    assert.match(
      explainField({ kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', path: ['description'] }).markdown,
      /Stored by kube-apiserver; nothing reads it\./,
    );
  });

  it('escapes what comes from the file: keys and kinds cannot inject links, HTML or icons', () => {
    const explanation = explainField({
      kind: 'Pod',
      apiVersion: 'v1',
      path: ['metadata', 'labels', '[x](https://evil.example) <img src=x> $(alert)'],
    });
    assert.doesNotMatch(explanation.markdown, /\[x\]\(https:\/\/evil/);
    assert.doesNotMatch(explanation.markdown, /(?<!\\)<img/);
    assert.doesNotMatch(explanation.markdown, /https:\/\/evil/, 'a bare URL would be auto-linked');
    assert.doesNotMatch(explanation.markdown, /(?<!\\)\$\(alert/);
    assert.equal(escapeMarkdown('a*b_c`d\ne'), 'a\\*b\\_c\\`d e');
  });

  describe('live section', () => {
    const live = {
      metadata: {
        name: 'web',
        managedFields: [
          {
            manager: 'kubectl**bold**',
            operation: 'Apply',
            time: '2026-12-01T10:00:00Z',
            fieldsType: 'FieldsV1',
            fieldsV1: { 'f:spec': { 'f:replicas': {} } },
          },
        ],
      },
      spec: { replicas: 3, template: { spec: { nodeName: 'n1' } } },
    };

    it('shows the live value and the last manager, escaped, with operation and time', () => {
      const explanation = explainField(
        { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'replicas'] },
        { live: { state: 'found', object: live, context: 'kind-kind' } },
      );
      assert.match(explanation.markdown, /\*\*Live\*\* \(kind-kind\): value 3/);
      assert.match(explanation.markdown, /last written by: \*\*kubectl\\\*\\\*bold\\\*\\\*\*\* \(Apply, 2026-12-01T10\\:00\\:00Z\)/);
    });

    it('says plainly when the manager is unknown', () => {
      const explanation = explainField(
        { kind: 'Deployment', apiVersion: 'apps/v1', path: ['spec', 'template', 'spec', 'nodeName'] },
        { live: { state: 'found', object: live } },
      );
      assert.match(explanation.markdown, /value n1/);
      assert.match(explanation.markdown, /Who last wrote it is unknown: no managedFields entry covers this field/);
      assert.match(explanation.markdown, /kubernetes#127508/);
    });

    it('says when the object is absent or the cluster cannot be asked', () => {
      assert.match(
        explainField({ kind: 'Pod', apiVersion: 'v1', path: ['spec'] }, { live: { state: 'absent' } }).markdown,
        /No object with this kind, namespace and name/,
      );
      const unavailable = explainField(
        { kind: 'Pod', apiVersion: 'v1', path: ['spec'] },
        { live: { state: 'unavailable', reason: 'forbidden <b>' } },
      );
      assert.match(unavailable.markdown, /Live value not available\*\*: forbidden \\<b\\>/);
    });

    it('matches the object path, not the List path, inside a List item', () => {
      const explanation = explainField(
        { kind: 'Deployment', apiVersion: 'apps/v1', path: ['items', 0, 'spec', 'replicas'], objectPath: ['spec', 'replicas'] },
        { live: { state: 'found', object: live } },
      );
      assert.equal(explanation.path, 'items[0].spec.replicas');
      assert.match(explanation.markdown, /value 3/);
    });
  });

  it("shows what the field is from the API server's own OpenAPI: its type, its description as text, whose server", () => {
    const field = { type: 'integer', description: 'How many <img src=x onerror=alert(1)> [gears](https://evil.example) the *widget* has.' };
    const explanation = explainField(
      { kind: 'Widget', apiVersion: 'example.com/v1', path: ['spec', 'size'] },
      { schema: { field, context: 'prod_[x]' } },
    );
    const schemaLine = explanation.markdown.split('\n\n')[1];
    assert.match(schemaLine, /^`integer` — How many /);
    assert.ok(!schemaLine.includes('[gears](https://evil.example)'), schemaLine);
    assert.doesNotMatch(schemaLine, /(?<!\\)<img/, 'HTML stays text');
    assert.match(schemaLine, /\\\*widget\\\*/);
    assert.match(schemaLine, /\*\(described by the API server of prod\\_\\\[x\\\]\)\*$/);
    const ja = explainField(
      { kind: 'Pod', apiVersion: 'v1', path: ['spec', 'nodeName'] },
      { language: 'ja', schema: { field: { type: 'string', description: 'NodeName is a request.' } } },
    );
    assert.match(ja.markdown, /`string` — NodeName is a request\. \*\(API サーバーによる説明（英語）\)\*/);
    // In Japanese the answer (kube-scheduler writes nodeName) comes before the server's English.
    const answer = ja.markdown.indexOf('kube-scheduler');
    assert.ok(answer > 0 && answer < ja.markdown.indexOf('NodeName is a request'), ja.markdown);
  });

  it('keeps a long API description to its first sentences', () => {
    const description = `${'This sentence is about the field. '.repeat(30)}The end.`;
    const explanation = explainField(
      { kind: 'Pod', apiVersion: 'v1', path: ['spec', 'nodeName'] },
      { schema: { field: { type: 'string', description } } },
    );
    const schemaLine = explanation.markdown.split('\n\n')[1];
    assert.ok(schemaLine.length < 600, `${schemaLine.length}`);
    assert.match(schemaLine, /about the field\. \*\(described by the API server\)\*$/);
  });
});
