import * as assert from 'node:assert/strict';
import { plain, renderMarkdown, renderText } from '../../../../src/core/anatomy/render';
import { runtimeLink } from '../../../../src/core/anatomy/runtime';
import { hostedAnatomy, k3sAnatomy, kindAnatomy, oldCiliumAnatomy, unreachableAnatomy } from '../../../fixtures/anatomy/builders';
import { escapeMarkdown as markdownCell } from '../../../../src/core/util/markdown';
import type { ClusterAnatomy } from '../../../../src/core/anatomy/types';

const hostile = '<img src=x onerror=alert(1)> [click](command:workbench.action.quit) **bold** `code` | pipe';

describe('anatomy rendering', () => {
  it('escapes every Markdown and HTML character of cluster data', () => {
    const escaped = markdownCell(hostile);
    assert.doesNotMatch(escaped, /(^|[^\\])[<>[\]*`|&]/, escaped);
    // Removing the escapes gives the original text back: nothing is lost, only neutralised.
    assert.equal(escaped.replace(/\\(.)/g, '$1'), hostile);
  });

  it('folds line breaks and escapes a leading block marker, so a value cannot start a new Markdown block', () => {
    assert.equal(markdownCell('a\n# heading'), 'a # heading');
    assert.equal(markdownCell('# heading'), '\\# heading');
    assert.equal(markdownCell('- item'), '\\- item');
    assert.equal(markdownCell('12. item'), '12\\. item');
  });

  it('keeps ordinary names readable', () => {
    assert.equal(markdownCell('kube-apiserver-multi-node-control-plane'), 'kube-apiserver-multi-node-control-plane');
  });

  it('shows control characters of plain text escaped', () => {
    assert.equal(plain('node\u001b[31m\nforged'), 'node\\x1b[31m\\nforged');
  });

  it('puts a hostile Pod name into the summary table as text', () => {
    const anatomy: ClusterAnatomy = {
      context: 'ctx|x',
      server: 'https://h',
      serverVersion: 'v1.37.0',
      generatedAt: '',
      addons: [],
      absent: [],
      unreadable: [],
      controlPlane: { mode: 'static-pods', evidence: [], highlyAvailable: false, externalEtcd: false },
      nodes: [
        {
          name: 'n1',
          role: 'control-plane',
          roleEvidence: [],
          ready: 'True',
          readySince: null,
          kubeletVersion: 'v1.37.0',
          containerRuntime: 'containerd://2',
          osImage: null,
          kernelVersion: null,
          internalIP: null,
          podCIDR: null,
          taints: [],
          lease: null,
          components: [
            {
              component: 'kube-apiserver',
              pod: hostile,
              namespace: 'kube-system',
              source: 'static',
              owner: 'Node/n1',
              phase: 'Running',
              ready: true,
              restarts: 0,
              reason: null,
              hostNetwork: true,
              evidence: [],
            },
          ],
        },
      ],
    };
    const markdown = renderMarkdown(anatomy);
    const row = markdown.split('\n').find((line) => line.startsWith('| kube-apiserver'));
    assert.ok(row, markdown);
    assert.equal(row.split(/(?<!\\)\|/).length, 6, 'the hostile pipe does not add a column');
    assert.doesNotMatch(row, /(^|[^\\])<img/, 'the tag is escaped');
  });

  const row = (markdown: string, component: string) => markdown.split('\n').find((line) => line.startsWith(`| ${component} `));

  it('keeps the kube-proxy and network plugin rows of k3s, embedded, with the evidence', () => {
    const markdown = renderMarkdown(k3sAnatomy());
    const proxy = row(markdown, 'kube-proxy');
    assert.ok(proxy, markdown);
    assert.match(proxy, /every node \(2\) \| embedded, not a Pod: Runs inside the k3s process/);
    assert.match(proxy, /status\.nodeInfo\.kubeletVersion=v1\.33\.1\+k3s1/);
    assert.match(row(markdown, 'network plugin (flannel)') ?? '', /embedded, not a Pod/);
    assert.match(row(markdown, 'cloud-controller-manager') ?? '', /stub cloud controller runs inside the k3s server process/);
  });

  it("keeps kube-proxy's row when Cilium replaces it, and says how that was told", () => {
    const proxy = row(renderMarkdown(oldCiliumAnatomy()), 'kube-proxy');
    assert.ok(proxy);
    assert.match(proxy, /replaced by Cilium's kube-proxy replacement/);
    assert.match(proxy, /absence DaemonSet\/kube-proxy/);
    assert.match(proxy, /not-read ConfigMap kube-system\/cilium-config/);
  });

  it('says kubelet drives Docker through dockershim up to 1.23, and cri-dockerd over CRI from 1.24', () => {
    assert.equal(runtimeLink({ kubeletVersion: 'v1.20.2', containerRuntime: 'docker://19.3.15' }).via, 'dockershim');
    assert.equal(runtimeLink({ kubeletVersion: 'v1.23.17', containerRuntime: 'docker://20.10.24' }).via, 'dockershim');
    assert.equal(runtimeLink({ kubeletVersion: 'v1.24.0', containerRuntime: 'docker://24.0.7' }).via, 'cri-dockerd');
    assert.equal(runtimeLink({ kubeletVersion: 'v1.20.2', containerRuntime: 'containerd://1.4.3' }).via, 'cri');
    assert.equal(runtimeLink({ kubeletVersion: null, containerRuntime: 'docker://19.3.15' }).via, 'unknown');
    const old = oldCiliumAnatomy();
    const markdown = renderMarkdown(old);
    assert.match(row(markdown, 'container runtime') ?? '', /built-in dockershim .*not over CRI/);
    assert.doesNotMatch(markdown, /driven by kubelet over CRI/);
    assert.match(renderText(old), /docker:\/\/19\.3\.15 \(system daemon, driven by kubelet through its built-in dockershim/);
    const kind = renderMarkdown(kindAnatomy());
    assert.match(row(kind, 'container runtime') ?? '', /driven by kubelet over CRI/);
  });

  it('judges heartbeats and Pods by the health policy the views use', () => {
    const anatomy = kindAnatomy();
    const [controlPlane, worker, worker2] = anatomy.nodes;
    const silent = { ...worker!, lease: { ...worker!.lease!, renewTime: '2026-12-02T11:58:00Z', leaseDurationSeconds: 40 } };
    const starting = { ...worker2!, components: worker2!.components.map((pod, index) => (index === 0 ? { ...pod, ready: false } : pod)) };
    const text = renderText({ ...anatomy, generatedAt: '2026-12-02T12:00:00Z', nodes: [controlPlane!, silent, starting] });
    // Still Ready, but its Lease is older than its 40 s: the heartbeat has stopped, as the tree and diagram say.
    assert.match(text, /multi-node-worker {2}Ready {2}heartbeat stopped 2m ago/);
    assert.match(text, /multi-node-control-plane {2}Ready {2}heartbeat 5s ago/);
    assert.match(text, new RegExp(`${starting.components[0]!.pod} {2}\\(attention: Running, not ready`));
    assert.match(text, new RegExp(`${starting.components[1]!.pod} {2}\\(Running, ready`));
  });

  it('says what the API shows of the API servers of a hosted control plane', () => {
    assert.match(
      renderMarkdown(hostedAnatomy()),
      /highly available: the default\/kubernetes Endpoints list 2 API server addresses \(10\.0\.1\.180, 10\.0\.2\.96\)/,
    );
    assert.match(renderText(hostedAnatomy(['34.1.2.3'])), /one API server endpoint: .*\(34\.1\.2\.3\), which may be a load balancer/);
    assert.match(renderText(hostedAnatomy(null)), /availability unknown: the default\/kubernetes Endpoints were not read/);
  });

  it('shows only the error for a cluster from which nothing was read', () => {
    for (const text of [renderText(unreachableAnatomy()), renderMarkdown(unreachableAnatomy())]) {
      assert.match(text, /ECONNREFUSED/);
      assert.doesNotMatch(text, /managed by the provider|0 workers|Control plane|\(none\)|Not in this cluster|\| Component/, text);
    }
  });
});
