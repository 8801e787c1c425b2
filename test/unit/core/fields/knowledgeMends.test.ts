import * as assert from 'node:assert/strict';
import { explainField } from '../../../../src/core/fields/explain';

const explained = (kind: string, apiVersion: string, path: readonly (string | number)[]) => ({
  en: explainField({ kind, apiVersion, path }, { language: 'en' }),
  ja: explainField({ kind, apiVersion, path }, { language: 'ja' }),
});

describe('field knowledge that says what the code does', () => {
  it('addonmanager.kubernetes.io/mode: Reconcile is no default; an unlabelled object is left alone, and the docs differ', () => {
    const { en, ja } = explained('ConfigMap', 'v1', ['metadata', 'labels', 'addonmanager.kubernetes.io/mode']);
    const [english, japanese] = [en.components[0]!.action, ja.components[0]!.action];
    assert.doesNotMatch(english, /Reconcile \(the default/);
    assert.match(english, /without this label is left alone/);
    assert.match(english, /Otherwise it will be omitted/);
    assert.match(english, /kubernetes\.io labels page calls Reconcile the default/);
    assert.doesNotMatch(japanese, /Reconcile（既定/);
    assert.match(japanese, /ラベルの無いオブジェクトには手を出しません/);
    assert.match(japanese, /コードに従います/);
  });

  it("Node spec.providerID: deleting a Node whose machine is gone is cloud-node-lifecycle's work, in both languages", () => {
    const { en, ja } = explained('Node', 'v1', ['spec', 'providerID']);
    for (const explanation of [en, ja]) {
      assert.deepEqual(
        explanation.components.map((component) => component.controller),
        ['cloud-node', 'cloud-node-lifecycle'],
      );
    }
    assert.doesNotMatch(en.components[0]!.action, /delete/i);
    assert.doesNotMatch(ja.components[0]!.action, /削除/);
    assert.match(en.components[1]!.action, /deletes the Node when the machine is gone/);
    assert.match(ja.components[1]!.action, /ノードを削除します/);
  });

  it('feature.node.kubernetes.io/*: many labels carry values other than "true"', () => {
    const { en, ja } = explained('Node', 'v1', ['metadata', 'labels', 'feature.node.kubernetes.io/kernel-version.full']);
    for (const explanation of [en, ja]) {
      const action = explanation.components[0]!.action;
      for (const label of ['kernel-version.full', 'cpu-model.vendor_id', 'memory-numa'])
        assert.ok(action.includes(label), `${label}: ${action}`);
    }
    assert.doesNotMatch(en.components[0]!.action, /labels \("true"\)/);
  });

  it('Job spec.podReplacementPolicy: Failed waits for Failed or Succeeded, and is the only value podFailurePolicy allows', () => {
    const { en, ja } = explained('Job', 'batch/v1', ['spec', 'podReplacementPolicy']);
    assert.match(en.components[0]!.action, /phase Failed or Succeeded/);
    assert.match(en.components[0]!.action, /When podFailurePolicy is set, Failed is the only allowed value/);
    assert.match(ja.components[0]!.action, /Failed か Succeeded/);
    assert.match(ja.components[0]!.action, /podFailurePolicy を設定したときに許される値は Failed だけ/);
  });
});
