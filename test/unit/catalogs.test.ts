import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import {
  defaultAnatomyStrings,
  defaultControlPlaneModeStrings,
  defaultEvidenceStrings,
  defaultStandpointStrings,
  evidenceSentence,
} from '../../src/core/anatomy/strings';
import type { Evidence } from '../../src/core/anatomy/types';
import { defaultDiagramStrings } from '../../src/core/diagram/strings';
import { layoutDiagram } from '../../src/core/diagram/layout';
import { defaultUiState } from '../../src/core/diagram/scene';
import { findingText } from '../../src/core/handsOn/render';
import { defaultHandsOnStrings } from '../../src/core/handsOn/strings';
import { defaultHealthStrings } from '../../src/core/health/strings';
import type { FilterEvidence } from '../../src/core/placement/filters';
import { defaultPlacementStrings, filterEvidenceText, rejectedNodeSentence } from '../../src/core/placement/strings';
import { defaultTraceStrings } from '../../src/core/trace/render';
import { defaultWaitingStrings } from '../../src/core/placement/waitingText';
import { defaultApiErrorStrings } from '../../src/core/kube/apiErrorText';
import { defaultDiagramControlStrings } from '../../src/protocol/diagramControlStrings';
import { bundleTranslator, type Catalog, localizeCatalog, translateKnown } from '../../src/core/util/catalog';
import { hostedAnatomy, k3sAnatomy, kindAnatomy, oldCiliumAnatomy } from '../fixtures/anatomy/builders';

const root = join(__dirname, '..', '..');
const japanese = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, unknown>;
const toJapanese = bundleTranslator(japanese);

/** Each feature's catalog, and the file that holds it. */
const catalogs: readonly { readonly file: string; readonly catalog: Catalog }[] = [
  { file: 'src/core/anatomy/strings.ts', catalog: defaultAnatomyStrings },
  { file: 'src/core/anatomy/strings.ts', catalog: defaultControlPlaneModeStrings },
  { file: 'src/core/anatomy/strings.ts', catalog: defaultEvidenceStrings },
  { file: 'src/core/anatomy/strings.ts', catalog: defaultStandpointStrings },
  { file: 'src/core/health/strings.ts', catalog: defaultHealthStrings },
  { file: 'src/core/placement/strings.ts', catalog: defaultPlacementStrings },
  { file: 'src/core/placement/waitingText.ts', catalog: defaultWaitingStrings },
  { file: 'src/core/handsOn/strings.ts', catalog: defaultHandsOnStrings },
  { file: 'src/core/kube/apiErrorText.ts', catalog: defaultApiErrorStrings },
  { file: 'src/core/trace/render.ts', catalog: defaultTraceStrings },
  { file: 'src/core/diagram/strings.ts', catalog: defaultDiagramStrings },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A sentence with its placeholders made alike: `{1} of {0}` and `${a} of ${b}` are the same sentence. */
const shape = (text: string) => text.replace(/\{\d+\}/g, '{}').trim();

/** A sentence worth finding (three words or more): a word such as "embedded" is also an identifier. */
const isSentence = (text: string) => text.split(/\s+/).length >= 3 && text.replace(/\{\d+\}|[^A-Za-z]/g, '').length >= 12;

/** Every string the sources write that `wanted` knows, templates with `${…}` read as {} placeholders, and its line. */
function literals(file: string, wanted: ReadonlyMap<string, unknown>): { readonly text: string; readonly line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
    if (text !== undefined && wanted.has(shape(text)))
      found.push({ text: shape(text), line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('catalogs: each sentence written once', () => {
  it('no sentence of a catalog is written again as a literal elsewhere in src', () => {
    // A catalog may take in another's (the diagram's takes the anatomy's): a sentence may live in each.
    const owners = new Map<string, Set<string>>();
    for (const { file, catalog } of catalogs) {
      for (const english of Object.values(catalog))
        if (isSentence(english)) owners.set(shape(english), (owners.get(shape(english)) ?? new Set()).add(file));
    }
    assert.ok(owners.size > 250, `${owners.size} sentences`);
    const copies: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const where = relative(root, file).replaceAll('\\', '/');
      for (const { text, line } of literals(file, owners)) {
        const owner = owners.get(text);
        if (owner !== undefined && !owner.has(where)) copies.push(`${where}:${line}: "${text}" (the catalog in ${[...owner].join(', ')})`);
      }
    }
    assert.deepEqual(copies, []);
  });

  it('has the Japanese of every sentence of every catalog, as the extension passes them through vscode.l10n.t', () => {
    const japanese = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.ja.json'), 'utf8')) as Record<string, unknown>;
    const sentences = [...catalogs.map(({ catalog }) => catalog), defaultDiagramControlStrings].flatMap((catalog) =>
      Object.values(catalog).filter(isSentence),
    );
    assert.ok(sentences.length > 400, `${sentences.length} sentences`);
    assert.deepEqual(
      sentences.filter((english) => typeof japanese[english] !== 'string'),
      [],
    );
  });

  it('the extension translates no sentence of a catalog by its own vscode.l10n.t literal', () => {
    // The adapters pass the catalogs through vscode.l10n.t: a literal would be a second copy to keep in step.
    const sentences = new Set(catalogs.flatMap(({ catalog }) => Object.values(catalog)).filter(isSentence));
    const found: string[] = [];
    for (const file of sourceFiles(join(root, 'src', 'ui'))) {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && node.expression.getText(source) === 'vscode.l10n.t') {
          const message = node.arguments[0];
          if (message && ts.isStringLiteral(message) && sentences.has(message.text)) found.push(`${relative(root, file)}: ${message.text}`);
        }
        node.forEachChild(visit);
      };
      visit(source);
    }
    assert.deepEqual(found, []);
  });

  it('the Japanese bundle has every sentence of the anatomy (and what RBAC hides), health, placement, hands-on and API error catalogs', () => {
    const missing = catalogs.slice(0, 8).flatMap(({ file, catalog }) =>
      Object.entries(catalog)
        .filter(([, english]) => typeof japanese[english] !== 'string')
        .map(([key]) => `${file}: ${key}`),
    );
    assert.deepEqual(missing, []);
  });
});

/** English words the evidence templates use; none may be left in a Japanese sentence. */
const englishWords =
  /\b(has annotation|annotation|label|owned by|no label|could not be read|taint|named|field|image|is cordoned|does not|not tolerated|matches none|host port|already runs|unrequested|runs in|selects|the provider runs|publishes no lock|leader election|not running|files on those nodes|missing)\b/;

/** Each kind the classifier records, with a value and without one (the owner and annotation forms that name a Pod too). */
const evidenceOfEveryKind: readonly Evidence[] = [
  { kind: 'annotation', key: 'kubernetes.io/config.mirror', value: 'on Pod kube-apiserver-cp' },
  { kind: 'owner', key: 'DaemonSet/kube-proxy', value: 'owns Pod kube-proxy-x' },
  { kind: 'owner', key: 'Deployment/coredns', value: 'owner of ReplicaSet/coredns-1' },
  ...(
    [
      ['annotation', 'kubernetes.io/config.mirror', 'abc'],
      ['label', 'component', 'etcd'],
      ['owner', 'DaemonSet/kube-proxy', 'kube-system'],
      ['absence', 'node-role.kubernetes.io/control-plane', 'worker'],
      ['absence', 'DaemonSet/kube-proxy', 'Cilium'],
      ['not-read', 'daemonsets', 'forbidden'],
      ['taint', 'node-role.kubernetes.io/control-plane', 'NoSchedule'],
      ['name', 'metadata.name', 'coredns'],
      ['field', 'spec.nodeName', 'cp'],
      ['image', 'image', 'registry.k8s.io/etcd:3.5'],
    ] as const
  ).flatMap(([kind, key, value]) => [
    { kind, key, value },
    { kind, key },
  ]),
];

describe('catalogs: the Japanese UI says the evidence in Japanese', () => {
  const japaneseEvidence = localizeCatalog(defaultEvidenceStrings, toJapanese);

  it('each piece of evidence in a tree tooltip', () => {
    for (const evidence of evidenceOfEveryKind) {
      const sentence = evidenceSentence(evidence, japaneseEvidence);
      assert.doesNotMatch(sentence, englishWords, `${JSON.stringify(evidence)}: ${sentence}`);
    }
    assert.equal(
      evidenceSentence(evidenceOfEveryKind[0]!, japaneseEvidence),
      'Pod kube-apiserver-cp にアノテーション kubernetes.io/config.mirror',
    );
    // English stays as it was
    assert.equal(evidenceSentence(evidenceOfEveryKind[0]!), 'Pod kube-apiserver-cp has annotation kubernetes.io/config.mirror');
  });

  it("each line of evidence on the diagram's cards, and how the control plane runs", () => {
    const strings = localizeCatalog(defaultDiagramStrings, toJapanese);
    let lines = 0;
    for (const anatomy of [kindAnatomy(), k3sAnatomy(), hostedAnatomy(), oldCiliumAnatomy()]) {
      const scene = layoutDiagram(anatomy, defaultUiState, { strings });
      const english = layoutDiagram(anatomy, defaultUiState);
      for (const box of scene.boxes) {
        for (const line of box.card?.evidence ?? []) {
          lines++;
          assert.doesNotMatch(line, englishWords, `${box.id}: ${line}`);
        }
      }
      const hub = scene.boxes.find(
        (box) =>
          box.component === 'kube-apiserver' &&
          box.detail &&
          /static|self-hosted/.test(english.boxes.find((other) => other.id === box.id)?.detail ?? ''),
      );
      if (hub) assert.doesNotMatch(hub.detail!, englishWords, hub.detail);
    }
    assert.ok(lines > 20, `${lines} lines of evidence`);
  });

  it('why a node does not fit, in the tree, the diagram and the hover', () => {
    const strings = localizeCatalog(defaultPlacementStrings, toJapanese);
    const taint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' } as const;
    const cases: FilterEvidence[] = [
      { kind: 'unschedulable' },
      { kind: 'nodeName', wanted: 'b' },
      { kind: 'taint', taint },
      { kind: 'nodeSelector', key: 'disk', wanted: 'ssd', actual: null },
      { kind: 'nodeSelector', key: 'disk', wanted: 'ssd', actual: 'hdd' },
      { kind: 'nodeAffinity', terms: 0, firstFailing: null },
      { kind: 'nodeAffinity', terms: 2, firstFailing: 'zone In (a)' },
      { kind: 'tooManyPods', pods: 110, allowed: 110 },
      { kind: 'spreadLabelMissing', topologyKey: 'zone' },
      { kind: 'affinity', topologyKey: 'zone', domain: null },
      { kind: 'antiAffinity', topologyKey: 'zone', domain: 'a', pod: 'default/web-1' },
    ] as FilterEvidence[];
    for (const evidence of cases) {
      for (const sentence of [rejectedNodeSentence('worker', evidence, strings), filterEvidenceText(evidence, strings)])
        assert.doesNotMatch(sentence, englishWords, sentence);
    }
    assert.equal(
      rejectedNodeSentence('worker', cases[2]!),
      'worker has the taint node-role.kubernetes.io/control-plane:NoSchedule, not tolerated',
    );
  });

  it("the health report's notes and the hands-on's missing marks", () => {
    const health = localizeCatalog(defaultHealthStrings, toJapanese);
    for (const note of [
      defaultHealthStrings.noteHosted,
      defaultHealthStrings.noteNoLock,
      defaultHealthStrings.notVisibleNodeCertificates,
    ]) {
      assert.doesNotMatch(translateKnown(note, defaultHealthStrings, health), englishWords);
    }
    assert.equal(health.noteNotRunning, 'このクラスタでは動いていません');
    assert.equal(translateKnown('etcd: connection refused', defaultHealthStrings, health), 'etcd: connection refused');
    const marks = {
      code: 'mirrorMarks',
      outcome: 'fails',
      subject: 'kube-apiserver-cp',
      reason: 'marks-missing',
      names: ['annotation kubernetes.io/config.mirror', 'label tier=control-plane'],
    } as const;
    assert.equal(findingText(marks), 'kube-apiserver-cp: missing annotation kubernetes.io/config.mirror, label tier=control-plane.');
    assert.doesNotMatch(findingText(marks, localizeCatalog(defaultHandsOnStrings, toJapanese), japaneseEvidence), englishWords);
  });
});
