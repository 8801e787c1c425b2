import * as assert from 'node:assert/strict';
import { BoundPods } from '../../../../src/core/placement/boundPods';
import { manifestPod } from '../../../../src/core/placement/manifestPod';
import { schedulingNodeOf, schedulingPodOf, type SchedulingNode } from '../../../../src/core/placement/objects';
import { explainPlacement } from '../../../../src/core/placement/place';
import { defaultPlacementStrings } from '../../../../src/core/placement/strings';
import { type PlacementSuggestions, suggestPlacement } from '../../../../src/core/placement/suggest';
import { applyEdit, jsonPatchText, podSpecEdit } from '../../../../src/core/placement/suggestEdit';
import { cannotSuggestText, changesText, suggestionText } from '../../../../src/core/placement/suggestText';
import { localizeCatalog, bundleTranslator } from '../../../../src/core/util/catalog';
import japanese from '../../../../l10n/bundle.l10n.ja.json';
import { placementHover, placementHoverText } from '../../../../src/core/placement/hoverAnswer';
import { manifestEditAt } from '../../../../src/core/yaml/manifestEdit';

type Loose = Record<string, unknown>;
const hostname = 'kubernetes.io/hostname';

function node(name: string, options: { labels?: Record<string, string>; taints?: Loose[]; cpu?: string } = {}): SchedulingNode {
  return schedulingNodeOf({
    metadata: { name, labels: { [hostname]: name, ...options.labels } },
    spec: { taints: options.taints },
    status: { allocatable: { cpu: options.cpu ?? '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
  });
}

const controlPlaneTaint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };
const cluster = () => [node('cp', { taints: [controlPlaneTaint] }), node('w1'), node('w2')];

function podObject(spec: Loose = {}, container: Loose = {}, labels: Record<string, string> = {}): Loose {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'default', labels },
    spec: { ...spec, containers: [{ name: 'main', image: 'nginx', ...container }] },
  };
}

/** Pods already bound: name → node, with their labels, requests and host ports. */
function bound(...pods: { name: string; node: string; labels?: Record<string, string>; container?: Loose; spec?: Loose }[]): BoundPods {
  const index = new BoundPods();
  for (const pod of pods)
    index.upsert(
      schedulingPodOf({
        metadata: { name: pod.name, namespace: 'default', uid: `uid-${pod.name}`, labels: pod.labels },
        spec: { ...pod.spec, nodeName: pod.node, containers: [{ name: 'main', ...pod.container }] },
        status: { phase: 'Running' },
      }),
    );
  return index;
}

/**
 * The suggestions for a manifest object; every one with an edit is checked: the edited object's Pod, judged
 * afresh, fits exactly the nodes the suggestion names.
 */
function suggest(object: Loose, nodes: readonly SchedulingNode[], pods: BoundPods | null = new BoundPods()): PlacementSuggestions {
  const made = manifestPod(object)!;
  const question = { pod: schedulingPodOf(made.pod), nodes, bound: pods };
  const result = suggestPlacement(question);
  for (const suggestion of result.suggestions) {
    const edit = podSpecEdit(object, suggestion.changes);
    if (!edit) continue;
    const edited = schedulingPodOf(manifestPod(applyEdit(object, edit))!.pod);
    assert.deepEqual(
      explainPlacement({ ...question, pod: edited }).feasible,
      suggestion.fits,
      `${changesText(suggestion.changes)}: ${jsonPatchText(edit)}`,
    );
  }
  return result;
}

const lines = (result: PlacementSuggestions) => result.suggestions.map((suggestion) => suggestionText(suggestion));

describe('placement suggestions: the smallest change that fits', () => {
  it('a taint: the toleration to add, with the nodes that carry it; or another node by its label', () => {
    const result = suggest(podObject({ nodeSelector: { [hostname]: 'cp' } }), cluster());
    assert.deepEqual(lines(result), [
      `drop nodeSelector ${hostname}=cp (the label ${hostname} is on cp, w1, w2) → fits 2 of 3 nodes: w1, w2`,
      'tolerate the taint node-role.kubernetes.io/control-plane:NoSchedule (on cp) → fits 1 of 3 nodes: cp',
      `change nodeSelector ${hostname}=cp to ${hostname}=w1 (on w1) → fits 1 of 3 nodes: w1`,
      `change nodeSelector ${hostname}=cp to ${hostname}=w2 (on w2) → fits 1 of 3 nodes: w2`,
    ]);
    const tolerate = result.suggestions[1]!;
    assert.deepEqual(podSpecEdit(podObject({ nodeSelector: { [hostname]: 'cp' } }), tolerate.changes), [
      {
        op: 'add',
        path: ['spec', 'tolerations'],
        value: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
      },
    ]);
  });

  it('a nodeSelector no node matches, and required node affinity; a Deployment is edited under spec.template.spec', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default' },
      spec: { template: { metadata: { labels: { app: 'web' } }, spec: podObject({ nodeSelector: { disktype: 'ssd' } }).spec } },
    };
    const result = suggest(deployment, cluster());
    assert.deepEqual(lines(result), ['drop nodeSelector disktype=ssd (no node has the label disktype) → fits 2 of 3 nodes: w1, w2']);
    assert.equal(
      jsonPatchText(podSpecEdit(deployment, result.suggestions[0]!.changes)!),
      '[{"op":"remove","path":"/spec/template/spec/nodeSelector/disktype"}]',
    );

    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: hostname, operator: 'In', values: ['gone'] }] }],
        },
      },
    };
    assert.deepEqual(lines(suggest(podObject({ affinity }), cluster())), ['drop the required node affinity → fits 2 of 3 nodes: w1, w2']);
  });

  it('a request: lower it to the most that is unrequested on the node where that alone fits', () => {
    const pods = bound({ name: 'ballast', node: 'w1', container: { resources: { requests: { cpu: '1' } } } });
    const object = podObject({}, { resources: { requests: { cpu: '3500m' } } });
    // w1 has 3 of 4 CPUs unrequested: the Pod's 3.5 fits w2 only.
    assert.deepEqual(explainPlacement({ pod: schedulingPodOf(object), nodes: cluster(), bound: pods }).feasible, ['w2']);
    const big = podObject({}, { resources: { requests: { cpu: '6', memory: '1Gi' }, limits: { cpu: '6' } } });
    const result = suggest(big, cluster(), pods);
    // One change is enough (on w2): the toleration that cp would need as well is not offered beside it.
    assert.deepEqual(lines(result), ['lower the cpu request from 6 to at most 4 (unrequested on w2) → fits 1 of 3 nodes: w2']);
    assert.equal(
      jsonPatchText(podSpecEdit(big, result.suggestions[0]!.changes)!),
      '[{"op":"replace","path":"/spec/containers/0/resources/requests/cpu","value":"4"}]',
    );
  });

  it('two changes together: a node that needs a toleration and a smaller request says both, and the edit makes both', () => {
    const object = podObject({ nodeSelector: { [hostname]: 'cp' } }, { resources: { requests: { cpu: '5' } } });
    const result = suggest(object, cluster());
    const both = result.suggestions.find((suggestion) => suggestion.fits.includes('cp'))!;
    assert.equal(
      suggestionText(both),
      'tolerate the taint node-role.kubernetes.io/control-plane:NoSchedule (on cp), and lower the cpu request from 5 to at most 4 (unrequested on cp) → fits 1 of 3 nodes: cp',
    );
    assert.deepEqual(JSON.parse(jsonPatchText(podSpecEdit(object, both.changes)!)), [
      {
        op: 'add',
        path: '/spec/tolerations',
        value: [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }],
      },
      { op: 'replace', path: '/spec/containers/0/resources/requests/cpu', value: '4' },
    ]);
    // No single change fits it anywhere.
    assert.ok(
      result.suggestions.every((suggestion) => suggestion.changes.length === 2),
      lines(result).join('\n'),
    );
  });

  it('a host port: which Pod holds it on which node (a change of that Pod, not an edit of this one)', () => {
    const port = { ports: [{ containerPort: 80, hostPort: 30080 }] };
    const pods = bound({ name: 'holder-1', node: 'w1', container: port }, { name: 'holder-2', node: 'w2', container: port });
    const result = suggest(podObject({}, port), cluster(), pods);
    assert.deepEqual(lines(result), [
      'tolerate the taint node-role.kubernetes.io/control-plane:NoSchedule (on cp) → fits 1 of 3 nodes: cp',
      'free host port 30080/TCP on w1: default/holder-1 holds it → fits 1 of 3 nodes: w1',
      'free host port 30080/TCP on w2: default/holder-2 holds it → fits 1 of 3 nodes: w2',
    ]);
    assert.equal(podSpecEdit(podObject({}, port), result.suggestions[1]!.changes), undefined);
  });

  it('required anti-affinity, and a topology spread constraint', () => {
    const web = { app: 'web' };
    const apart = {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: web }, topologyKey: hostname }] },
    };
    const pods = bound({ name: 'web-1', node: 'w1', labels: web }, { name: 'web-2', node: 'w2', labels: web });
    const result = suggest(podObject({ affinity: apart }, {}, web), cluster(), pods);
    assert.equal(lines(result)[0], `drop the required anti-affinity term with topology key ${hostname} → fits 2 of 3 nodes: w1, w2`);

    const zoned = [
      node('w1', { labels: { zone: 'a' } }),
      node('w2', { labels: { zone: 'b' }, taints: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }] }),
    ];
    const spread = {
      topologySpreadConstraints: [
        { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: web } },
      ],
    };
    const crowded = bound({ name: 'web-1', node: 'w1', labels: web }, { name: 'web-2', node: 'w1', labels: web });
    const spreadResult = suggest(podObject(spread, {}, web), zoned, crowded);
    assert.deepEqual(lines(spreadResult), [
      'raise maxSkew of the topology spread constraint on zone from 1 to 3 → fits 1 of 2 nodes: w1',
      'tolerate the taint dedicated=db:NoSchedule (on w2) → fits 1 of 2 nodes: w2',
    ]);
    assert.equal(
      jsonPatchText(podSpecEdit(podObject(spread, {}, web), spreadResult.suggestions[0]!.changes)!),
      '[{"op":"replace","path":"/spec/topologySpreadConstraints/0/maxSkew","value":3}]',
    );
    assert.equal(
      jsonPatchText(podSpecEdit(podObject(spread, {}, web), spreadResult.suggestions[1]!.changes)!),
      '[{"op":"add","path":"/spec/tolerations","value":[{"key":"dedicated","operator":"Equal","value":"db","effect":"NoSchedule"}]}]',
    );
  });

  it('says what it cannot judge, and suggests nothing where the model cannot judge', () => {
    const claim = suggest(
      podObject({
        nodeSelector: { disktype: 'ssd' },
        priorityClassName: 'high',
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      }),
      cluster(),
    );
    assert.deepEqual(
      claim.cannot.map((note) => cannotSuggestText(note)),
      [
        'The model cannot judge volumes (data): look at the claims with kubectl describe pvc, and their StorageClass.',
        "The model cannot judge preemption (priority class high): look at the Pod's events for the Pods the scheduler would evict.",
      ],
    );

    const named = suggest(podObject({ nodeName: 'gone' }), cluster());
    assert.deepEqual(named.suggestions, []);
    assert.deepEqual(
      named.cannot.map((note) => cannotSuggestText(note)),
      [
        'The model cannot judge a Pod with spec.nodeName gone: no scheduler places it, and no node gone is listed; look at kubectl get nodes.',
      ],
    );

    // The bound Pods could not be read: requests are not judged, so no change is offered.
    const unknown = suggest(podObject({}, { resources: { requests: { cpu: '6' } } }), cluster(), null);
    assert.deepEqual(unknown.suggestions, []);
    assert.deepEqual(
      unknown.cannot.map((note) => cannotSuggestText(note)),
      ['The model cannot judge NodeResourcesFit on some nodes now: no change is suggested until it can.'],
    );

    // A Pod that fits somewhere needs no change; one only a cordon or a full node keeps off gets none.
    assert.deepEqual(suggest(podObject(), cluster()).suggestions, []);
    const cordoned = [
      schedulingNodeOf({ metadata: { name: 'w1' }, spec: { unschedulable: true }, status: { allocatable: { pods: '110' } } }),
    ];
    assert.deepEqual(suggest(podObject(), cordoned).suggestions, []);
  });

  it('words the suggestions in Japanese through the bundle', () => {
    const ja = localizeCatalog(defaultPlacementStrings, bundleTranslator(japanese));
    const result = suggest(podObject({ nodeSelector: { [hostname]: 'cp' } }), cluster());
    const text = suggestionText(result.suggestions[1]!, ja);
    assert.match(text, /テイント node-role.kubernetes.io\/control-plane:NoSchedule/);
    assert.doesNotMatch(text, /tolerate/);
  });

  it("offers them in the manifest hover's answer", () => {
    const object = podObject({ nodeSelector: { disktype: 'ssd' } });
    const question = { pod: schedulingPodOf(object), nodes: cluster(), bound: new BoundPods() };
    const report = explainPlacement(question);
    const hover = placementHover({ pod: question.pod, report, suggestions: suggestPlacement(question, report) });
    assert.equal(
      placementHoverText(hover).split('\n').slice(1).join('\n'),
      [
        'What would make it fit (the filters re-run with each change):',
        '- drop nodeSelector disktype=ssd (no node has the label disktype) → fits 2 of 3 nodes: w1, w2',
      ].join('\n'),
    );
  });

  it("makes the edit in the manifest's YAML: only the object's document, its comments kept", () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: settings}',
      '---',
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: web # the shop',
      'spec:',
      '  template:',
      '    spec:',
      '      nodeSelector:',
      '        disktype: ssd',
      '      tolerations:',
      '        - {key: dedicated, operator: Exists}',
      '      containers:',
      '        - name: web',
      '          image: nginx',
      '',
    ].join('\n');
    const toleration = { key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' };
    const replacement = manifestEditAt(text, text.indexOf('disktype'), [
      { op: 'remove', path: ['spec', 'template', 'spec', 'nodeSelector', 'disktype'] },
      { op: 'add', path: ['spec', 'template', 'spec', 'tolerations', '-'], value: toleration },
    ])!;
    const edited = text.slice(0, replacement.start) + replacement.text + text.slice(replacement.end);
    assert.ok(edited.startsWith('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings}\n---\n'), edited);
    assert.match(edited, /name: web # the shop\n/);
    assert.match(edited, /nodeSelector: \{\}\n/);
    assert.match(
      edited,
      /- \{ key: dedicated, operator: Exists \}\n {8}- key: node-role\.kubernetes\.io\/control-plane\n {10}operator: Exists\n {10}effect: NoSchedule\n/,
    );
    // An edit that no longer fits (the entry is gone) is refused, not forced.
    assert.equal(
      manifestEditAt(edited, edited.indexOf('Deployment'), [
        { op: 'remove', path: ['spec', 'template', 'spec', 'nodeSelector', 'disktype'] },
      ]),
      undefined,
    );
  });
});
