import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  allHidden,
  canIFor,
  canILines,
  hiddenOf,
  hiddenSentence,
  hiddenWhat,
  limitedText,
  needLines,
  needsSummary,
} from '../../../../src/core/anatomy/standpointText';
import { defaultStandpointStrings } from '../../../../src/core/anatomy/strings';
import { bundleTranslator, localizeCatalog } from '../../../../src/core/util/catalog';
import { hiddenListWatch, limitedAnatomy } from '../../../fixtures/anatomy/builders';

const bundle = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<
  string,
  unknown
>;
const japanese = localizeCatalog(defaultStandpointStrings, bundleTranslator(bundle));

describe('what RBAC hides, in the words of the views', () => {
  const anatomy = limitedAnatomy();
  const [nodes, pods, daemonSets] = anatomy.hidden!;

  it('names what a hidden read would show, and the permissions it needs, verbs on one resource together', () => {
    assert.equal(hiddenWhat(nodes!), 'Nodes');
    assert.equal(hiddenWhat(pods!), 'Pods in kube-system');
    assert.equal(hiddenWhat(daemonSets!), 'DaemonSets in kube-system');
    assert.equal(needsSummary(nodes!.needs), 'list, watch nodes (cluster-wide)');
    assert.equal(needsSummary(daemonSets!.needs), 'list, watch daemonsets.apps in kube-system');
    assert.equal(hiddenSentence(pods!), 'Pods in kube-system: hidden from you — needs list, watch pods in kube-system');
    const readyz = {
      id: 'readyz',
      what: "kube-apiserver's /readyz",
      resource: '/readyz',
      needs: [
        { text: 'get /readyz', verb: 'get', resource: '/readyz', canI: 'kubectl auth can-i get /readyz', verdict: 'unknown' as const },
      ],
      reason: '',
    };
    assert.equal(hiddenSentence(readyz), "kube-apiserver's /readyz: hidden from you — needs get /readyz");
    assert.deepEqual(needLines(readyz, 'c'), [
      { need: 'get /readyz: not answered', check: 'check: kubectl auth can-i get /readyz --context c' },
    ]);
  });

  it('says it in Japanese, the names and kubectl words as they are', () => {
    assert.equal(hiddenWhat(pods!, japanese), 'kube-system の Pod');
    assert.equal(
      hiddenSentence(pods!, japanese),
      'kube-system の Pod: あなたには見えません — 必要な権限: list, watch pods（kube-system 内）',
    );
    assert.equal(needsSummary(nodes!.needs, japanese), 'list, watch nodes（クラスタ全体）');
    for (const read of allHidden(anatomy)) assert.doesNotMatch(hiddenSentence(read, japanese), /\b(hidden|needs|in|cluster-wide)\b/);
  });

  it('gives the kubectl auth can-i lines for the context, quoted where the shell needs it', () => {
    assert.deepEqual(canILines(pods!, 'team-dev'), [
      'kubectl auth can-i list pods -n kube-system --context team-dev',
      'kubectl auth can-i watch pods -n kube-system --context team-dev',
    ]);
    assert.match(canILines(nodes!, "it's mine")[0]!, /--context 'it'\\''s mine'$/);
    assert.equal(canIFor(pods!.needs[0]!, 'a b'), "kubectl auth can-i list pods -n kube-system --context 'a b'");
  });

  it('finds the reads each part rests on, and every hidden read once, the namespaces in view included', () => {
    assert.deepEqual(
      hiddenOf(anatomy, 'controlPlane').map((read) => read.id),
      ['nodes', 'pods'],
    );
    assert.deepEqual(
      hiddenOf(anatomy, 'heartbeats').map((read) => read.id),
      [],
    );
    assert.deepEqual(
      allHidden(anatomy).map((read) => read.id),
      ['nodes', 'pods', 'daemonSets', 'pods:shared'],
    );
    assert.equal(hiddenWhat(allHidden(anatomy)[3]!), 'Pods in shared');
  });

  it('says the status of a limited context: how many reads are allowed, each hidden read and the line that checks it', () => {
    const status = limitedText(
      { allowed: 12, total: 14, hidden: [nodes!, hiddenListWatch('leases', 'Leases', 'leases.coordination.k8s.io', 'kube-node-lease')] },
      'kind-x',
    );
    assert.equal(status.short, 'limited: 12 of 14 reads allowed');
    assert.deepEqual(
      status.lines.map((line) => `${'  '.repeat(line.indent)}${line.text}`),
      [
        'Nodes: hidden from you — needs list, watch nodes (cluster-wide)',
        '  check: kubectl auth can-i list nodes --context kind-x',
        '  check: kubectl auth can-i watch nodes --context kind-x',
        'Leases in kube-node-lease: hidden from you — needs list, watch leases.coordination.k8s.io in kube-node-lease',
        '  check: kubectl auth can-i list leases.coordination.k8s.io -n kube-node-lease --context kind-x',
        '  check: kubectl auth can-i watch leases.coordination.k8s.io -n kube-node-lease --context kind-x',
      ],
    );
    assert.equal(limitedText({ allowed: null, total: 14, hidden: [] }, 'kind-x').short, 'limited');
    assert.equal(limitedText({ allowed: 12, total: 14, hidden: [] }, 'kind-x', japanese).short, '制限あり: 読み取り 14 件中 12 件を許可');
  });
});
