import * as assert from 'node:assert/strict';
import {
  apiServersSkew,
  controlPlaneComponentSkew,
  kubeletSkew,
  kubeProxyBesideKubeletSkew,
  kubeProxySkew,
  parseKubeVersion,
  type SkewVerdict,
} from '../../../../src/core/health/versionSkew';

const policy = 'https://kubernetes.io/releases/version-skew-policy/';
const ok = (verdict: SkewVerdict | undefined) => verdict?.ok;

describe('the Version Skew Policy', () => {
  it("parses the versions clusters report, distributions' suffixes included", () => {
    assert.deepEqual(parseKubeVersion('v1.30.2+k3s1'), { major: 1, minor: 30, patch: 2 });
    assert.deepEqual(parseKubeVersion('v1.20.2'), { major: 1, minor: 20, patch: 2 });
    assert.deepEqual(parseKubeVersion('1.29.0-eks-abc'), { major: 1, minor: 29, patch: 0 });
    assert.deepEqual(parseKubeVersion('v1.33.1-gke.1584000'), { major: 1, minor: 33, patch: 1 });
    for (const garbage of ['', 'v1', 'v1.30', 'latest', 'v1.30.2 extra', 'v1.x.0'])
      assert.equal(parseKubeVersion(garbage), undefined, garbage);
  });

  // Each table is the page's own example, at the release it was rendered for (1.35).
  it('kube-apiserver: the newest at 1.35, the others are supported at 1.35 and 1.34', () => {
    assert.equal(ok(apiServersSkew(['v1.35.0', 'v1.35.2'])), true);
    assert.equal(ok(apiServersSkew(['v1.35.0', 'v1.34.3'])), true);
    assert.equal(ok(apiServersSkew(['v1.35.0', 'v1.34.3', 'v1.33.7'])), false);
    assert.equal(ok(apiServersSkew(['v1.35.1'])), true);
    const verdict = apiServersSkew(['v1.33.7', 'v1.35.0']);
    assert.equal(verdict?.link, `${policy}#kube-apiserver`);
    assert.equal(
      verdict?.rule,
      'In highly-available (HA) clusters, the newest and oldest kube-apiserver instances must be within one minor version.',
    );
    assert.equal(verdict?.detail, 'the newest kube-apiserver, v1.35, is 2 minor versions newer than the oldest, v1.33');
    assert.deepEqual(verdict?.comparison, { kind: 'apiServers', newest: 'v1.35', oldest: 'v1.33', minors: 2 });
  });

  it('kubelet: kube-apiserver at 1.35 supports 1.35, 1.34, 1.33 and 1.32, and nothing newer', () => {
    const table: [string, boolean][] = [
      ['v1.36.0', false],
      ['v1.35.0', true],
      ['v1.34.1', true],
      ['v1.33.2', true],
      ['v1.32.9', true],
      ['v1.31.4', false],
    ];
    for (const [kubelet, expected] of table) assert.equal(ok(kubeletSkew('v1.35.0', kubelet)), expected, kubelet);
    assert.deepEqual(kubeletSkew('v1.30.0', 'v1.27.3'), {
      ok: true,
      rule: 'kubelet may be up to three minor versions older than kube-apiserver (kubelet < 1.25 may only be up to two minor versions older than kube-apiserver).',
      link: `${policy}#kubelet`,
      comparison: { kind: 'apiServer', component: 'kubelet', own: 'v1.27', relation: 'older', minors: 3, apiServer: 'v1.30' },
      detail: 'kubelet v1.27 is 3 minor versions older than kube-apiserver v1.30',
    });
    assert.deepEqual(kubeletSkew('v1.35.0', 'v1.36.0'), {
      ok: false,
      rule: 'kubelet must not be newer than kube-apiserver.',
      link: `${policy}#kubelet`,
      comparison: { kind: 'apiServer', component: 'kubelet', own: 'v1.36', relation: 'newer', minors: 1, apiServer: 'v1.35' },
      detail: 'kubelet v1.36 is 1 minor version newer than kube-apiserver v1.35',
    });
    assert.equal(kubeletSkew('v1.35.0', 'v1.35.4')?.detail, 'kubelet v1.35 matches kube-apiserver v1.35');
  });

  it('kubelet older than 1.25 may only be two minor versions older', () => {
    assert.equal(ok(kubeletSkew('v1.26.0', 'v1.24.9')), true);
    assert.equal(ok(kubeletSkew('v1.27.0', 'v1.24.9')), false);
    assert.equal(ok(kubeletSkew('v1.28.0', 'v1.25.0')), true);
  });

  it('kubelet: with kube-apiserver instances at 1.35 and 1.34, 1.34, 1.33 and 1.32 are supported, 1.35 is not', () => {
    const servers = ['v1.35.0', 'v1.34.2'];
    const table: [string, boolean][] = [
      ['v1.35.0', false],
      ['v1.34.0', true],
      ['v1.33.0', true],
      ['v1.32.0', true],
      ['v1.31.0', false],
    ];
    for (const [kubelet, expected] of table) assert.equal(ok(kubeletSkew(servers, kubelet)), expected, kubelet);
    assert.equal(kubeletSkew(servers, 'v1.35.0')?.detail, 'kubelet v1.35 is 1 minor version newer than kube-apiserver v1.34');
    assert.deepEqual(kubeletSkew(servers, 'v1.35.0')?.comparison, {
      kind: 'apiServer',
      component: 'kubelet',
      own: 'v1.35',
      relation: 'newer',
      minors: 1,
      apiServer: 'v1.34',
    });
  });

  it('kube-proxy: the same bounds as kubelet, in its own section', () => {
    const table: [string | string[], string, boolean][] = [
      ['v1.35.0', 'v1.35.0', true],
      ['v1.35.0', 'v1.32.0', true],
      ['v1.35.0', 'v1.31.0', false],
      ['v1.35.0', 'v1.36.0', false],
      [['v1.35.0', 'v1.34.0'], 'v1.35.0', false],
      [['v1.35.0', 'v1.34.0'], 'v1.32.0', true],
      ['v1.26.0', 'v1.24.0', true],
      ['v1.27.0', 'v1.24.0', false],
    ];
    for (const [server, proxy, expected] of table) assert.equal(ok(kubeProxySkew(server, proxy)), expected, `${server} ${proxy}`);
    assert.equal(kubeProxySkew('v1.35.0', 'v1.31.0')?.link, `${policy}#kube-proxy`);
    assert.match(kubeProxySkew('v1.35.0', 'v1.31.0')?.rule ?? '', /^kube-proxy may be up to three minor versions older/);
  });

  it('kube-proxy beside its kubelet: three minor versions either way, two for a kube-proxy older than 1.25', () => {
    const table: [string, string, boolean][] = [
      ['v1.35.0', 'v1.35.0', true],
      ['v1.35.0', 'v1.32.0', true],
      ['v1.35.0', 'v1.31.0', false],
      ['v1.32.0', 'v1.35.0', true],
      ['v1.31.0', 'v1.35.0', false],
      ['v1.26.0', 'v1.24.0', true],
      ['v1.27.0', 'v1.24.0', false],
      ['v1.22.0', 'v1.24.0', true],
      ['v1.21.0', 'v1.24.0', false],
    ];
    for (const [kubelet, proxy, expected] of table)
      assert.equal(ok(kubeProxyBesideKubeletSkew(kubelet, proxy)), expected, `kubelet ${kubelet}, kube-proxy ${proxy}`);
    const verdict = kubeProxyBesideKubeletSkew('v1.35.0', 'v1.31.0')!;
    assert.equal(verdict.link, `${policy}#kube-proxy`);
    assert.match(verdict.rule, /^kube-proxy may be up to three minor versions older or newer than the kubelet instance it runs alongside/);
    assert.equal(verdict.detail, "kube-proxy v1.31 is 4 minor versions older than its node's kubelet v1.35");
    // The views word the comparison themselves (in Japanese too), so it is data as well.
    assert.deepEqual(verdict.comparison, { kind: 'kubelet', own: 'v1.31', relation: 'older', minors: 4, kubelet: 'v1.35' });
    assert.equal(kubeProxyBesideKubeletSkew('v1.35.0', 'not a version'), undefined);
  });

  it('kube-controller-manager, kube-scheduler and cloud-controller-manager: kube-apiserver at 1.35 supports 1.35 and 1.34', () => {
    for (const component of ['kube-controller-manager', 'kube-scheduler', 'cloud-controller-manager'] as const) {
      const table: [string, boolean][] = [
        ['v1.36.0', false],
        ['v1.35.0', true],
        ['v1.34.0', true],
        ['v1.33.0', false],
      ];
      for (const [version, expected] of table)
        assert.equal(ok(controlPlaneComponentSkew('v1.35.0', component, version)), expected, `${component} ${version}`);
    }
    const verdict = controlPlaneComponentSkew('v1.35.0', 'kube-scheduler', 'v1.33.0');
    assert.equal(verdict?.link, `${policy}#kube-controller-manager-kube-scheduler-and-cloud-controller-manager`);
    assert.equal(verdict?.detail, 'kube-scheduler v1.33 is 2 minor versions older than kube-apiserver v1.35');
  });

  it('behind a load balancer to instances at 1.35 and 1.34, only 1.34 is supported', () => {
    const servers = ['v1.35.0', 'v1.34.0'];
    const table: [string, boolean][] = [
      ['v1.35.0', false],
      ['v1.34.0', true],
      ['v1.33.0', false],
    ];
    for (const [version, expected] of table)
      assert.equal(ok(controlPlaneComponentSkew(servers, 'kube-controller-manager', version)), expected, version);
  });

  it('does not guess: a version it cannot read, another major version or no kube-apiserver gives no verdict', () => {
    assert.equal(kubeletSkew('v1.35.0', 'unknown'), undefined);
    assert.equal(kubeletSkew('', 'v1.35.0'), undefined);
    assert.equal(kubeletSkew([], 'v1.35.0'), undefined);
    assert.equal(kubeletSkew(['v1.35.0', 'garbage'], 'v1.34.0'), undefined);
    assert.equal(kubeProxySkew('v2.0.0', 'v1.35.0'), undefined);
    assert.equal(controlPlaneComponentSkew('v1.35.0', 'kube-scheduler', 'v1.35'), undefined);
    assert.equal(apiServersSkew([]), undefined);
    assert.equal(apiServersSkew(['v1.35.0', 'nope']), undefined);
  });
});
