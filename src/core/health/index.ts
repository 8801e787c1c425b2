/**
 * The control plane's health, leaders, versions and certificates, as pure functions over what the API returns:
 * - serverChecks: kube-apiserver's `/readyz?verbose` and `/livez?verbose`, check by check, failures first;
 * - leaderElection (kept with the anatomy, which marks the leaders): which replica of kube-controller-manager, kube-scheduler and cloud-controller-manager leads,
 *   from its Lease (or the annotation older clusters used), and whether that lock is still being renewed;
 * - versionSkew: the Version Skew Policy between kube-apiserver and kubelet, kube-proxy, the other
 *   control-plane components and HA kube-apiserver instances, each verdict quoting its rule;
 * - certificates: what a certificate says (never its key), the chain kube-apiserver presents (the one place
 *   here that opens a connection), a kubeconfig user's client certificate, and kubelet CSRs awaiting approval.
 */
export { orderChecks, parseVerboseChecks, type ServerCheck, type VerboseChecks } from './serverChecks';
export {
  leaderAnnotation,
  leaderFromAnnotation,
  leaderFromLease,
  leaderFromLockObject,
  leaderLockNames,
  type LeaderElectedComponent,
  type LeaderLock,
  type LeaderLockLocation,
  type LockResource,
} from '../anatomy/leaderElection';
export {
  apiServersSkew,
  controlPlaneComponentSkew,
  kubeletSkew,
  kubeProxyBesideKubeletSkew,
  kubeProxySkew,
  parseKubeVersion,
  type KubeVersion,
  type SkewedControlPlaneComponent,
  type SkewVerdict,
} from './versionSkew';
export {
  clientCertificateFromKubeconfigUser,
  daysLeft,
  describeCertificate,
  kubeletSigners,
  pendingKubeletCsrs,
  serverCertificate,
  ServerCertificateError,
  type CertificateInfo,
  type DistinguishedName,
  type KubeconfigCertificateSource,
  type PendingCsr,
  type ServerCertificateFailure,
  type ServerCertificateOptions,
} from './certificates';
