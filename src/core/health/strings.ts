/**
 * The health report's sentences, once, in English: the problems, the version comparisons and the notes the
 * report carries as evidence. The CLI uses them as they are; the status bar and the tree get them through
 * vscode.l10n.t (the English text is the key of l10n/bundle.l10n.*.json).
 */
import type { Catalog } from '../util/catalog';

export const defaultHealthStrings = {
  minorVersion: '1 minor version',
  minorVersions: '{0} minor versions',
  skewMatches: '{0} {1} matches kube-apiserver {2}',
  skewNewer: '{0} {1} is {2} newer than kube-apiserver {3}',
  skewOlder: '{0} {1} is {2} older than kube-apiserver {3}',
  skewProxyMatches: "kube-proxy {0} matches its node's kubelet {1}",
  skewProxyNewer: "kube-proxy {0} is {1} newer than its node's kubelet {2}",
  skewProxyOlder: "kube-proxy {0} is {1} older than its node's kubelet {2}",
  skewApiServersMatch: 'every kube-apiserver instance is at {0}',
  skewApiServersApart: 'the newest kube-apiserver, {0}, is {1} newer than the oldest, {2}',
  problemCheckFailedDetail: '{0}: {1} failed ({2})',
  problemCheckFailed: '{0}: {1} failed',
  problemEndpointFailed: '{0} failed',
  problemLeaderNotRenewed: '{0}: its leader lock is not being renewed',
  problemVersionSkew: 'version skew: {0}',
  problemServingCertificate: "the API server's certificate expires in {0} days",
  problemClientCertificate: 'your client certificate expires in {0} days',
  // Why a component shows no leader lock (the report's `note`)
  noteHosted: 'the provider runs it; it publishes no lock this cluster can read',
  noteEmbedded: 'it runs inside the server process (k3s and similar), which publishes no lock of its own',
  noteNoLock: 'no lock found: leader election may be off (--leader-elect=false)',
  noteNotRunning: 'not running in this cluster',
  leasesNotRead: 'the Leases in kube-system cannot be read',
  // What the API does not show (the report's `notVisible`)
  notVisibleNodeCertificates: 'The control-plane nodes\' own certificates (the cluster CA, etcd\'s, the front proxy\'s, each kubelet\'s) are files on those nodes, not API objects: on a kubeadm node, `kubeadm certs check-expiration` lists them.',
} satisfies Catalog;

export type HealthStrings = typeof defaultHealthStrings;
