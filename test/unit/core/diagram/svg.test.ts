import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { layoutDiagram } from '../../../../src/core/diagram/layout';
import { defaultUiState } from '../../../../src/core/diagram/scene';
import { diagramStructureCss } from '../../../../src/core/diagram/stylesheet';
import { escapeXml, renderSvg, serializeSvg } from '../../../../src/core/diagram/svg';
import { sceneToSvgModel } from '../../../../src/core/diagram/svgModel';
import { kindAnatomy, node, pod, unreachableAnatomy } from '../../../fixtures/anatomy/builders';

const hostile = '<img src=x onerror=alert(1)>';

/** Every attribute name in every tag: values are quoted and escaped, so `"` ends them. */
function attributeNames(svg: string): string[] {
  const names: string[] = [];
  for (const [tag] of svg.matchAll(/<[a-zA-Z?][^<>]*>/g)) {
    const rest = tag
      .replace(/^<[^\s>]+/, '')
      .replace(/\/?>$/, '')
      .replace(/\?$/, '');
    const pairs = [...rest.matchAll(/\s*([^\s=]+)="[^"]*"/g)];
    assert.equal(pairs.map((pair) => pair[0]).join(''), rest, `a tag made of name="value" pairs only: ${tag}`);
    names.push(...pairs.map((pair) => pair[1]!));
  }
  return names;
}

function hostileAnatomy() {
  const anatomy = kindAnatomy();
  const evil = node(`evil"node'&<b>`, 'worker', [
    pod('other', `p-${hostile}`, 'bare', {
      reason: hostile,
      evidence: [{ kind: 'label', key: 'x"><script>alert(1)</script>', value: hostile }],
    }),
  ]);
  return { ...anatomy, context: `</title><script>alert(1)</script>`, nodes: [...anatomy.nodes, evil] };
}

describe('diagram SVG', () => {
  it('draws the error of a cluster from which nothing was read, not an empty hosted cluster', () => {
    const svg = renderSvg(layoutDiagram(unreachableAnatomy(), defaultUiState));
    assert.match(svg, /Nothing could be read from gone/);
    assert.match(svg, /ECONNREFUSED 127\.0\.0\.1:6443/);
    assert.doesNotMatch(svg, /managed by the provider|kubectl and other clients|data-component="kube-apiserver"/);
  });

  const svg = renderSvg(layoutDiagram(kindAnatomy(), { ...defaultUiState, showReverse: true }));

  it('marks every component with data-component, and node parts with data-node', () => {
    const components = new Set([...svg.matchAll(/data-component="([^"]+)"/g)].map((match) => match[1]));
    for (const id of [
      'kube-apiserver',
      'etcd',
      'kube-scheduler',
      'kube-controller-manager',
      'cloud-controller-manager',
      'kubelet',
      'container-runtime',
      'pod',
    ]) {
      assert.ok(components.has(id), id);
    }
    const kubelets = [...svg.matchAll(/<g [^>]*data-component="kubelet"[^>]*>/g)].map((match) => match[0]);
    assert.equal(kubelets.length, 3);
    assert.ok(kubelets.every((tag) => /data-node="multi-node-(control-plane|worker2?)"/.test(tag)));
  });

  it('marks every edge with data-from, data-to and data-kind', () => {
    const edges = [...svg.matchAll(/<polyline class="ca-edge [^>]*>/g)].map((match) => match[0]);
    assert.ok(edges.length > 20);
    for (const edge of edges)
      assert.match(edge, /data-from="[^"]+" data-to="[^"]+" data-kind="(watch|write-back|storage|cri|runs|reverse|request)"/);
    assert.ok(edges.some((edge) => edge.includes('data-from="kube-apiserver" data-to="etcd" data-kind="storage"')));
    assert.ok(edges.some((edge) => edge.includes('data-from="kubelet" data-to="container-runtime" data-kind="cri"')));
  });

  it('is a standalone, accessible document: title, role, embedded light stylesheet, no script or event attributes', () => {
    assert.match(svg, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /role="img" aria-labelledby="ca-diagram-title"/);
    assert.match(
      svg,
      /<title id="ca-diagram-title">Architecture of kind-multi-node\. cluster https:\/\/127\.0\.0\.1:40513 \(v1\.37\.0\) · context kind-multi-node · drawn \d{4}-\d\d-\d\d \d\d:\d\d UTC<\/title>/,
    );
    assert.ok(svg.includes('--ca-bg: #ffffff'));
    assert.doesNotMatch(svg, /<script/i);
    assert.deepEqual(
      attributeNames(svg).filter((name) => /^on/i.test(name)),
      [],
    );
    // The webview's context menu and keyboard attributes are the webview's own, not an exported document's.
    assert.deepEqual(
      attributeNames(svg).filter((name) => ['data-vscode-context', 'tabindex'].includes(name)),
      [],
    );
  });

  it("in the webview, gives each Pod's box the context VS Code's menu reads, its names as an escaped JSON value", () => {
    const interactive = serializeSvg(sceneToSvgModel(layoutDiagram(hostileAnatomy(), defaultUiState), { interactive: true }));
    const contexts = [...interactive.matchAll(/data-vscode-context="([^"]*)"/g)].map(
      (match) =>
        JSON.parse(
          match[1]!
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&apos;/g, "'")
            .replace(/&amp;/g, '&'),
        ) as Record<string, unknown>,
    );
    const hostilePod = contexts.find((context) => context.name === `p-${hostile}`);
    assert.deepEqual(hostilePod, {
      webviewSection: 'pod',
      namespace: 'kube-system',
      name: `p-${hostile}`,
      preventDefaultContextMenuItems: true,
    });
    assert.ok(contexts.every((context) => context.webviewSection === 'pod'));
  });

  it('writes hostile names, messages and evidence as text', () => {
    for (const view of ['architecture', 'placement'] as const) {
      const text = renderSvg(layoutDiagram(hostileAnatomy(), { ...defaultUiState, view }));
      assert.doesNotMatch(text, /<script|<img|<b>/i, view);
      assert.deepEqual(
        attributeNames(text).filter((name) => /^on/i.test(name)),
        [],
        `${view}: an event attribute`,
      );
      assert.ok(text.includes('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'context escaped in the title');
      assert.ok(text.includes('data-node="evil&quot;node&apos;&amp;&lt;b&gt;"'), 'node name escaped in attributes');
      if (view === 'placement') assert.ok(text.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the reason shows as characters');
    }
  });

  it('escapes the five XML characters and replaces characters XML forbids', () => {
    assert.equal(escapeXml(`<a href="x">&'</a>`), '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
    assert.equal(escapeXml('a\u0000b\u001bc'), 'a\uFFFDb\uFFFDc');
  });

  it('refuses tag and attribute names that are not plain names, and event attributes', () => {
    assert.throws(() => serializeSvg({ tag: 'g onload=x', attrs: {} }), /Invalid SVG tag/);
    assert.throws(() => serializeSvg({ tag: 'g', attrs: { onclick: 'x' } }), /Invalid SVG attribute/);
    assert.throws(() => serializeSvg({ tag: 'g', attrs: { 'a b': 'x' } }), /Invalid SVG attribute/);
  });

  it('media/diagram.css gives a theme colour to every property the structure rules use, without repeating them', () => {
    const css = readFileSync(join(__dirname, '../../../../media/diagram.css'), 'utf8');
    const used = new Set([...diagramStructureCss.matchAll(/var\((--ca-[a-z-]+)/g)].map((match) => match[1]));
    const defined = new Set([...css.matchAll(/(--ca-[a-z-]+)\s*:/g)].map((match) => match[1]));
    assert.deepEqual(
      [...used].filter((name) => !defined.has(name)),
      [],
    );
    assert.ok(!css.includes('.ca-edge-storage {'), 'the structure rules live in src/core/diagram/stylesheet.ts only');
  });
});
