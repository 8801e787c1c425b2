/**
 * The Version Skew Policy (https://kubernetes.io/releases/version-skew-policy/): which versions of kubelet,
 * kube-proxy and the other control-plane components a kube-apiserver supports. Each verdict quotes the sentence
 * of the policy it applied and links to its section, so a view can show the rule rather than restate it.
 * The policy speaks of minor versions of Kubernetes 1.x; what it does not cover is undefined, never a guess.
 */
import type { ComponentId } from '../anatomy/types';
import { format } from '../util/catalog';
import { defaultHealthStrings, type HealthStrings } from './strings';

export interface KubeVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** What was compared, as data, so each view can say it in its own language. */
export type SkewComparison =
  /** A component against kube-apiserver: `apiServer` is the oldest instance when the component is newer, else the newest. */
  | {
      readonly kind: 'apiServer';
      readonly component: string;
      readonly own: string;
      readonly relation: 'matches' | 'newer' | 'older';
      readonly minors: number;
      readonly apiServer: string;
    }
  /** kube-proxy against the kubelet of its own node. */
  | {
      readonly kind: 'kubelet';
      readonly own: string;
      readonly relation: 'matches' | 'newer' | 'older';
      readonly minors: number;
      readonly kubelet: string;
    }
  /** The kube-apiserver instances of an HA control plane among themselves. */
  | { readonly kind: 'apiServers'; readonly newest: string; readonly oldest: string; readonly minors: number };

export interface SkewVerdict {
  readonly ok: boolean;
  /** The sentence of the policy the verdict applied. */
  readonly rule: string;
  /** The policy's section for that rule. */
  readonly link: string;
  readonly comparison: SkewComparison;
  /** The comparison in English, e.g. "kubelet v1.27 is 3 minor versions older than kube-apiserver v1.30". */
  readonly detail: string;
}

export type SkewedControlPlaneComponent = Extract<ComponentId, 'kube-controller-manager' | 'kube-scheduler' | 'cloud-controller-manager'>;

const policyPage = 'https://kubernetes.io/releases/version-skew-policy/';

// `v1.30.2+k3s1`, `v1.20.2`, `1.29.0-eks-abc`: a distribution's suffix follows the patch after `-` or `+`.
const versionPattern = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+]\S*)?$/;

export function parseKubeVersion(version: string): KubeVersion | undefined {
  const match = versionPattern.exec(typeof version === 'string' ? version.trim() : '');
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

const short = (version: KubeVersion) => `v${version.major}.${version.minor}`;
const minors = (count: number, strings: HealthStrings) => (count === 1 ? strings.minorVersion : format(strings.minorVersions, count));

/** The sentence of a comparison: English for the CLI and the JSON report, or in the catalog's language. */
export function skewComparisonText(comparison: SkewComparison, strings: HealthStrings = defaultHealthStrings): string {
  switch (comparison.kind) {
    case 'apiServer':
      if (comparison.relation === 'matches') return format(strings.skewMatches, comparison.component, comparison.own, comparison.apiServer);
      return format(
        comparison.relation === 'newer' ? strings.skewNewer : strings.skewOlder,
        comparison.component,
        comparison.own,
        minors(comparison.minors, strings),
        comparison.apiServer,
      );
    case 'kubelet':
      if (comparison.relation === 'matches') return format(strings.skewProxyMatches, comparison.own, comparison.kubelet);
      return format(
        comparison.relation === 'newer' ? strings.skewProxyNewer : strings.skewProxyOlder,
        comparison.own,
        minors(comparison.minors, strings),
        comparison.kubelet,
      );
    case 'apiServers':
      return comparison.minors === 0
        ? format(strings.skewApiServersMatch, comparison.newest)
        : format(strings.skewApiServersApart, comparison.newest, minors(comparison.minors, strings), comparison.oldest);
  }
}

function verdict(ok: boolean, rule: string, link: string, comparison: SkewComparison): SkewVerdict {
  return { ok, rule, link, comparison, detail: skewComparisonText(comparison) };
}

/** The rules of one section for a component that talks to kube-apiserver. */
interface ComponentPolicy {
  readonly anchor: string;
  readonly notNewer: string;
  readonly mayBeOlder: string;
  /** How many minor versions the component may lag behind, given its own version. */
  readonly maxOlder: (component: KubeVersion) => number;
}

/** kubelet and kube-proxy: three minor versions, two for those older than 1.25. */
const nodeAgentPolicy = (name: string, anchor: string): ComponentPolicy => ({
  anchor,
  notNewer: `${name} must not be newer than kube-apiserver.`,
  mayBeOlder: `${name} may be up to three minor versions older than kube-apiserver (${name} < 1.25 may only be up to two minor versions older than kube-apiserver).`,
  maxOlder: (component) => (component.minor < 25 ? 2 : 3),
});

const kubeletPolicy = nodeAgentPolicy('kubelet', 'kubelet');
const kubeProxyPolicy = nodeAgentPolicy('kube-proxy', 'kube-proxy');

const controlPlanePolicy: ComponentPolicy = {
  anchor: 'kube-controller-manager-kube-scheduler-and-cloud-controller-manager',
  notNewer:
    'kube-controller-manager, kube-scheduler, and cloud-controller-manager must not be newer than the kube-apiserver instances they communicate with.',
  mayBeOlder:
    'They are expected to match the kube-apiserver minor version, but may be up to one minor version older (to allow live upgrades).',
  maxOlder: () => 1,
};

const haRule = 'In highly-available (HA) clusters, the newest and oldest kube-apiserver instances must be within one minor version.';

/** The parsed versions, or undefined when one cannot be read or they are not all of one major version. */
function parseAll(versions: readonly string[]): KubeVersion[] | undefined {
  const parsed = versions.map(parseKubeVersion);
  if (parsed.length === 0 || parsed.some((version) => !version || version.major !== parsed[0]!.major)) return undefined;
  return parsed as KubeVersion[];
}

function byMinor(versions: readonly KubeVersion[]): { oldest: KubeVersion; newest: KubeVersion } {
  const sorted = [...versions].sort((a, b) => a.minor - b.minor);
  return { oldest: sorted[0]!, newest: sorted[sorted.length - 1]! };
}

function againstApiServers(
  policy: ComponentPolicy,
  name: string,
  servers: string | readonly string[],
  version: string,
): SkewVerdict | undefined {
  const parsed = parseAll([version, ...(typeof servers === 'string' ? [servers] : servers)]);
  if (!parsed || parsed.length < 2) return undefined;
  const [own, ...apiServers] = parsed as [KubeVersion, ...KubeVersion[]];
  // The policy's notes: skew between HA instances narrows the range, since the component must not be newer
  // than the oldest instance and not too far behind the newest.
  const { oldest, newest } = byMinor(apiServers);
  const link = `${policyPage}#${policy.anchor}`;
  if (own.minor > oldest.minor) {
    return verdict(false, policy.notNewer, link, {
      kind: 'apiServer',
      component: name,
      own: short(own),
      relation: 'newer',
      minors: own.minor - oldest.minor,
      apiServer: short(oldest),
    });
  }
  const behind = newest.minor - own.minor;
  return verdict(behind <= policy.maxOlder(own), policy.mayBeOlder, link, {
    kind: 'apiServer',
    component: name,
    own: short(own),
    relation: behind === 0 ? 'matches' : 'older',
    minors: behind,
    apiServer: short(newest),
  });
}

/**
 * A kubelet against the kube-apiserver version, or against every instance of an HA control plane.
 * Undefined when a version cannot be read.
 */
export function kubeletSkew(server: string | readonly string[], kubelet: string): SkewVerdict | undefined {
  return againstApiServers(kubeletPolicy, 'kubelet', server, kubelet);
}

/** kube-proxy against kube-apiserver: the same bounds as kubelet's. */
export function kubeProxySkew(server: string | readonly string[], proxy: string): SkewVerdict | undefined {
  return againstApiServers(kubeProxyPolicy, 'kube-proxy', server, proxy);
}

const kubeProxyBesideKubeletRule =
  'kube-proxy may be up to three minor versions older or newer than the kubelet instance it runs alongside (kube-proxy < 1.25 may only be up to two minor versions older or newer than the kubelet instance it runs alongside).';

/** kube-proxy against the kubelet on the same node: within three minor versions either way (two below 1.25). */
export function kubeProxyBesideKubeletSkew(kubelet: string, proxy: string): SkewVerdict | undefined {
  const parsed = parseAll([proxy, kubelet]);
  if (!parsed) return undefined;
  const [own, agent] = parsed as [KubeVersion, KubeVersion];
  const apart = Math.abs(own.minor - agent.minor);
  const relation = apart === 0 ? 'matches' : own.minor > agent.minor ? 'newer' : 'older';
  return verdict(apart <= (own.minor < 25 ? 2 : 3), kubeProxyBesideKubeletRule, `${policyPage}#kube-proxy`, {
    kind: 'kubelet',
    own: short(own),
    relation,
    minors: apart,
    kubelet: short(agent),
  });
}

/**
 * kube-controller-manager, kube-scheduler or cloud-controller-manager against the kube-apiserver instances it
 * talks to (all of them when it reaches them through a load balancer).
 */
export function controlPlaneComponentSkew(
  server: string | readonly string[],
  component: SkewedControlPlaneComponent,
  version: string,
): SkewVerdict | undefined {
  return againstApiServers(controlPlanePolicy, component, server, version);
}

/** The kube-apiserver instances of an HA control plane among themselves. */
export function apiServersSkew(versions: readonly string[]): SkewVerdict | undefined {
  const parsed = parseAll(versions);
  if (!parsed) return undefined;
  const { oldest, newest } = byMinor(parsed);
  const spread = newest.minor - oldest.minor;
  return verdict(spread <= 1, haRule, `${policyPage}#kube-apiserver`, {
    kind: 'apiServers',
    newest: short(newest),
    oldest: short(oldest),
    minors: spread,
  });
}
