import * as assert from 'node:assert/strict';
import { actorCodicons, actorNames } from '../../../../src/core/fields/components';
import { fieldKnowledge } from '../../../../src/core/fields/knowledge';
import { compilePattern, knownKindKeys } from '../../../../src/core/fields/lookup';

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('field knowledge base', () => {
  it('covers every kind the product promises', () => {
    const kinds = knownKindKeys();
    for (const kind of [
      'Pod',
      'apps/Deployment',
      'apps/ReplicaSet',
      'apps/DaemonSet',
      'apps/StatefulSet',
      'batch/Job',
      'batch/CronJob',
      'Service',
      'discovery.k8s.io/EndpointSlice',
      'Node',
      'coordination.k8s.io/Lease',
      'Namespace',
      'ServiceAccount',
      'ConfigMap',
      'Secret',
      'PersistentVolumeClaim',
      'PersistentVolume',
      'storage.k8s.io/StorageClass',
      'autoscaling/HorizontalPodAutoscaler',
      'policy/PodDisruptionBudget',
      'networking.k8s.io/Ingress',
      'networking.k8s.io/NetworkPolicy',
      'scheduling.k8s.io/PriorityClass',
      'ResourceQuota',
      'LimitRange',
      'node.k8s.io/RuntimeClass',
    ]) {
      assert.ok(kinds.has(kind), `no entry for ${kind}`);
    }
  });

  it('has an actor, an official page and both languages in every entry', () => {
    for (const entry of fieldKnowledge) {
      const where = `${entry.kinds.join(',')} ${entry.paths.join(',')}`;
      assert.ok(entry.actors.length > 0, `${where}: no actor`);
      assert.match(
        entry.docs,
        /^(https:\/\/kubernetes\.io\/docs\/[a-z0-9/._-]*#[A-Za-z0-9._-]+|https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/[\w.-]+\/[\w./-]+)$/,
        `${where}: docs ${entry.docs}`,
      );
      for (const actor of entry.actors) {
        assert.ok(actor.id in actorCodicons && actor.id in actorNames, `${where}: unknown actor ${actor.id}`);
        assert.ok(actor.en.length > 10 && !japanese.test(actor.en), `${where}: English text of ${actor.id}`);
        assert.ok(japanese.test(actor.ja), `${where}: Japanese text of ${actor.id}`);
        if (actor.controller)
          assert.ok(['kube-controller-manager', 'cloud-controller-manager'].includes(actor.id), `${where}: controller on ${actor.id}`);
      }
    }
  });

  it('has patterns that compile', () => {
    for (const entry of fieldKnowledge) {
      for (const path of entry.paths) assert.ok(compilePattern(path).length > 0, path);
    }
  });

  it("uses the article's Japanese terms", () => {
    const all = fieldKnowledge.flatMap((entry) => entry.actors.map((actor) => actor.ja)).join('\n');
    for (const term of ['コントロールプレーン', 'ノード', 'static Pod', 'mirror Pod', 'ハートビート', '監視', '退去']) {
      assert.ok(all.includes(term), `missing term ${term}`);
    }
  });
});
