import { term } from '../glossary';
import type { ActorId, Language, Localized, Timing } from './types';

/** The one place that maps an actor to its codicon (rendered as `$(name)` in hovers). */
export const actorCodicons: Readonly<Record<ActorId, string>> = {
  'kube-apiserver': 'server',
  etcd: 'database',
  'kube-scheduler': 'target',
  'kube-controller-manager': 'sync',
  'cloud-controller-manager': 'cloud',
  kubelet: 'vm',
  'container-runtime': 'package',
  'kube-proxy': 'arrow-swap',
  coredns: 'globe',
  cni: 'plug',
  'ingress-controller': 'radio-tower',
  'storage-provisioner': 'archive',
  kubectl: 'terminal',
  kubeadm: 'tools',
  'add-on': 'extensions',
};

/** Display names; product names stay in English in both languages, as the article does. */
export const actorNames: Readonly<Record<ActorId, Localized>> = {
  'kube-apiserver': { en: 'kube-apiserver', ja: 'kube-apiserver' },
  etcd: { en: 'etcd', ja: 'etcd' },
  'kube-scheduler': { en: 'kube-scheduler', ja: 'kube-scheduler' },
  'kube-controller-manager': { en: 'kube-controller-manager', ja: 'kube-controller-manager' },
  'cloud-controller-manager': { en: 'cloud-controller-manager', ja: 'cloud-controller-manager' },
  kubelet: { en: 'kubelet', ja: 'kubelet' },
  'container-runtime': { en: 'container runtime', ja: term('container runtime', 'ja') },
  'kube-proxy': { en: 'kube-proxy', ja: 'kube-proxy' },
  coredns: { en: 'CoreDNS (cluster DNS)', ja: 'CoreDNS（クラスタ DNS）' },
  cni: { en: 'network plugin', ja: 'ネットワークプラグイン' },
  'ingress-controller': { en: 'ingress controller (add-on)', ja: 'Ingress コントローラー（アドオン）' },
  'storage-provisioner': { en: 'storage provisioner (add-on)', ja: 'ストレージのプロビジョナー（アドオン）' },
  kubectl: { en: 'kubectl', ja: 'kubectl' },
  kubeadm: { en: 'kubeadm', ja: 'kubeadm' },
  'add-on': { en: 'an add-on', ja: 'アドオン' },
};

export const timingLabels: Readonly<Record<Timing, Localized>> = {
  admission: { en: 'at admission', ja: '受け付け時（アドミッション）' },
  'on-change': { en: 'on change', ja: '変更時' },
  scheduling: { en: 'when scheduling', ja: 'スケジュール時' },
  continuously: { en: 'continuously', ja: '常時' },
  'run-time': { en: 'at run time', ja: '実行時' },
};

export function actorName(id: ActorId, language: Language): string {
  return actorNames[id][language];
}
