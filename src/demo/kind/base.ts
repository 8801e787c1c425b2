/**
 * What every part of the demo's kind cluster shares: versions and images, node names and addresses, suffixes,
 * times, tolerations.
 */
import type { KubeObject, OwnerReference } from '../resources';

export const kubernetesVersion = 'v1.37.0';
export const clusterName = 'multi-node';
export const containerRuntimeVersion = 'containerd://2.1.4';
export const kindnetImage = 'docker.io/kindest/kindnetd:v20250512-df8de77b';
export const corednsImage = 'registry.k8s.io/coredns/coredns:v1.12.1';
export const localPathImage = 'docker.io/kindest/local-path-provisioner:v20250214-acbabc1a';
export const etcdImage = 'registry.k8s.io/etcd:3.6.4-0';

export interface NodeInfo {
  name: string;
  ip: string;
  podCidr: string;
  controlPlane: boolean;
}

/** Deterministic pseudo-random source, so the same cluster gets the same Pod suffixes and hashes. */
export class SuffixSource {
  private state: number;
  constructor(seed = 0x6b696e64) {
    this.state = seed;
  }
  next(): number {
    // mulberry32
    this.state = (this.state + 0x6d2b79f5) | 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }
  /** The alphabet Kubernetes uses for generated names (no vowels, no look-alike digits). */
  suffix(length = 5): string {
    const alphabet = 'bcdfghjklmnpqrstvwxz2456789';
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }
  /** A generated name not taken yet: like the API server's generateName, retried on a collision. */
  uniqueName(prefix: string, taken: (name: string) => boolean): string {
    let name = `${prefix}${this.suffix()}`;
    while (taken(name)) name = `${prefix}${this.suffix()}`;
    return name;
  }
  hex(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += Math.floor(this.next() * 16).toString(16);
    return text;
  }
  /** A random (version 4) UUID, as the components' uuid.New() writes it: 8-4-4-4-12 lowercase hex digits. */
  uuid(): string {
    const digits = this.hex(32).split('');
    digits[12] = '4';
    digits[16] = '89ab'[parseInt(digits[16]!, 16) % 4]!;
    const text = digits.join('');
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  }
}

export function isoSeconds(time: number): string {
  return `${new Date(time).toISOString().slice(0, 19)}Z`;
}

/** A MicroTime as the API writes it (renewTime, acquireTime): six fractional digits. */
export function isoMicros(time: number): string {
  const micros = String(Math.floor((performance.now() % 1) * 1000)).padStart(3, '0');
  return new Date(time).toISOString().replace(/Z$/, `${micros}Z`);
}

/** kind's node names: control-plane, control-plane2, … then worker, worker2, … */
export function nodeNames(count: number, controlPlanes = 1): string[] {
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const [role, ordinal] = index < controlPlanes ? ['control-plane', index] : ['worker', index - controlPlanes];
    names.push(ordinal === 0 ? `${clusterName}-${role}` : `${clusterName}-${role}${ordinal + 1}`);
  }
  return names;
}

export function nodeIp(index: number): string {
  // kind's docker network is 172.18.0.0/16; the article's cluster gets .3 for the control plane.
  if (index === 0) return '172.18.0.3';
  if (index === 1) return '172.18.0.2';
  const host = index + 1;
  return `172.18.${Math.floor(host / 254)}.${(host % 254) + 1}`;
}

export function podCidr(index: number, total: number): string {
  // kind's pod subnet 10.244.0.0/16 holds 256 node ranges; larger generated clusters use 10.64.0.0/10.
  return total <= 256 ? `10.244.${index}.0/24` : `10.${64 + (index >> 8)}.${index & 255}.0/24`;
}

export function podIpIn(cidr: string, host: number): string {
  const [a, b, c] = cidr.split('.');
  return `${a}.${b}.${c}.${host}`;
}

export const systemTolerationsForDaemonSet = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
];

/** Added by the DefaultTolerationSeconds admission plugin to Pods that do not tolerate these taints already. */
export const defaultTolerations = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

export function ownerRef(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid!,
    controller: true,
    blockOwnerDeletion: true,
  };
}
