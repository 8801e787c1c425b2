import type { FieldEntry } from '../types';

const docs = 'https://kubernetes.io/docs';
const service = `${docs}/concepts/services-networking/service/`;
const virtualIps = `${docs}/reference/networking/virtual-ips/`;
const endpointSlices = `${docs}/concepts/services-networking/endpoint-slices/`;
const ingress = `${docs}/concepts/services-networking/ingress/`;
const networkPolicies = `${docs}/concepts/services-networking/network-policies/`;

/** Service, EndpointSlice, Ingress, NetworkPolicy. */
export const networkingEntries: readonly FieldEntry[] = [
  // Service
  {
    kinds: ['Service'],
    paths: ['spec'],
    docs: service,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'kube-proxy on every node watches Services and EndpointSlices and programs the node (iptables, IPVS or nftables) to send the Service\'s traffic to its Pods.', ja: '各ノードの kube-proxy が Service と EndpointSlice を監視し、Service への通信が Pod に届くようにノード（iptables、IPVS、nftables）を設定します。' },
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', en: 'The EndpointSlice controller lists the Service\'s ready Pods.', ja: 'EndpointSlice のコントローラーが、Service の ready な Pod を一覧にします。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['metadata.name', 'metadata.namespace'],
    docs: `${docs}/concepts/services-networking/dns-pod-service/#services`,
    actors: [
      { id: 'coredns', when: 'continuously', en: 'The cluster DNS answers name.namespace.svc.cluster.local with the cluster IP (or the Pod IPs of a headless Service).', ja: 'クラスタ DNS が name.namespace.svc.cluster.local をクラスタ IP（ヘッドレス Service なら Pod の IP）で答えます。' },
      { id: 'kubelet', when: 'run-time', en: 'Also puts NAME_SERVICE_HOST/_PORT variables in Pods created after the Service (enableServiceLinks).', ja: 'Service より後に作られた Pod に NAME_SERVICE_HOST/_PORT の環境変数も入れます（enableServiceLinks）。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.selector', 'spec.selector.*'],
    docs: `${service}#services-without-selectors`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writes: true, en: 'The EndpointSlice controller writes EndpointSlices with the IPs of the Pods these labels select; with no selector it writes none and you manage the endpoints.', ja: 'EndpointSlice のコントローラーが、このラベルで選ばれる Pod の IP を EndpointSlice に書きます。セレクターが無ければ何も書かず、エンドポイントは自分で管理します。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Sends traffic only to the endpoints in those slices.', ja: 'それらのスライスにあるエンドポイントにだけ通信を送ります。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.ports', 'spec.ports[*]', 'spec.ports[*].port|protocol|name|appProtocol'],
    docs: `${service}#multi-port-services`,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'Programs each node to accept this port on the Service\'s IP and forward it to the endpoints\' targetPort.', ja: '各ノードで、Service の IP のこのポートを受けてエンドポイントの targetPort へ転送するよう設定します。' },
      { id: 'coredns', when: 'continuously', en: 'Named ports get SRV records (_name._protocol.service.namespace.svc).', ja: '名前付きのポートには SRV レコード（_name._protocol.service.namespace.svc）が作られます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.ports[*].targetPort'],
    docs: `${service}#defining-a-service`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', en: 'The EndpointSlice controller resolves a named targetPort to each Pod\'s containerPort of that name.', ja: 'EndpointSlice のコントローラーが、名前付きの targetPort を各 Pod の同じ名前の containerPort に解決します。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Forwards to this port on the Pods.', ja: 'Pod のこのポートへ転送します。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.ports[*].nodePort'],
    docs: `${service}#type-nodeport`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Allocated by kube-apiserver from the node port range (30000-32767 by default) when not given; a taken port is rejected.', ja: '指定が無ければ kube-apiserver がノードポートの範囲（既定 30000-32767）から割り当てます。使用中のポートは拒否されます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Opens this port on every node and forwards it to the Service.', ja: 'すべてのノードでこのポートを開き、Service へ転送します。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    docs: `${service}#publishing-services-service-types`,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'ClusterIP, NodePort and LoadBalancer are all implemented on each node by kube-proxy; ExternalName is ignored by it.', ja: 'ClusterIP、NodePort、LoadBalancer はどれも各ノードの kube-proxy が実現します。ExternalName は扱いません。' },
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'LoadBalancer: the service controller creates a cloud load balancer (absent on kind and on-premises: the external IP stays pending unless an add-on provides one).', ja: 'LoadBalancer なら、service のコントローラーがクラウドのロードバランサーを作ります（kind やオンプレミスには無く、アドオンが無ければ外部 IP は pending のままです）。' },
      { id: 'coredns', when: 'continuously', en: 'ExternalName: answered with a CNAME to spec.externalName.', ja: 'ExternalName なら、spec.externalName への CNAME で答えます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.clusterIP', 'spec.clusterIPs', 'spec.clusterIPs[*]'],
    docs: `${virtualIps}#service-ip-static-sub-range`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Allocated by kube-apiserver from the service CIDR when not given. "None" makes a headless Service: no virtual IP.', ja: '指定が無ければ kube-apiserver が Service の CIDR から割り当てます。「None」ならヘッドレス Service になり、仮想 IP はありません。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Makes this virtual IP reach the endpoints on every node (not for headless Services).', ja: 'すべてのノードでこの仮想 IP がエンドポイントに届くようにします（ヘッドレス Service は除く）。' },
      { id: 'coredns', when: 'continuously', en: 'Answers the Service\'s name with this IP (with the Pods\' IPs when headless).', ja: 'Service の名前をこの IP で答えます（ヘッドレスなら Pod の IP）。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.ipFamilies', 'spec.ipFamilies[*]', 'spec.ipFamilyPolicy'],
    docs: `${docs}/concepts/services-networking/dual-stack/#services`,
    actors: [{ id: 'kube-apiserver', when: 'admission', writes: true, en: 'kube-apiserver decides the IP families and allocates one cluster IP per family.', ja: 'kube-apiserver が IP ファミリーを決め、ファミリーごとにクラスタ IP を割り当てます。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.externalName'],
    docs: `${service}#externalname`,
    actors: [{ id: 'coredns', when: 'continuously', en: 'The cluster DNS answers the Service\'s name with a CNAME to this name; no proxying is set up.', ja: 'クラスタ DNS が Service の名前をこの名前への CNAME で答えます。プロキシーは設定されません。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.externalTrafficPolicy', 'spec.internalTrafficPolicy', 'spec.trafficDistribution'],
    docs: `${docs}/reference/networking/virtual-ips/#traffic-policies`,
    actors: [{ id: 'kube-proxy', when: 'continuously', en: 'Local: kube-proxy sends traffic only to endpoints on the same node (keeping the client source IP for external traffic); Cluster: to any endpoint.', ja: 'Local なら kube-proxy は同じノードのエンドポイントにだけ送ります（外部からの通信では送信元 IP が保たれます）。Cluster ならどのエンドポイントにも送ります。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.healthCheckNodePort'],
    docs: `${docs}/tasks/access-application-cluster/create-external-load-balancer/#preserving-the-client-source-ip`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'Allocated for LoadBalancer Services with externalTrafficPolicy: Local.', ja: 'externalTrafficPolicy: Local の LoadBalancer の Service に割り当てられます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Serves a health check on this port that says whether the node has local endpoints, for the load balancer.', ja: 'ノードにローカルのエンドポイントがあるかをロードバランサーに知らせるヘルスチェックを、このポートで返します。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.sessionAffinity', 'spec.sessionAffinityConfig', 'spec.sessionAffinityConfig.**'],
    docs: `${virtualIps}#session-affinity`,
    actors: [{ id: 'kube-proxy', when: 'continuously', en: 'ClientIP: kube-proxy keeps sending a client\'s connections to the same endpoint for timeoutSeconds.', ja: 'ClientIP なら、kube-proxy は timeoutSeconds の間、同じクライアントの接続を同じエンドポイントに送ります。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.externalIPs', 'spec.externalIPs[*]'],
    docs: `${service}#external-ips`,
    actors: [{ id: 'kube-proxy', when: 'continuously', en: 'Accepts traffic for these IPs on the Service\'s ports; routing them to a node is up to you.', ja: 'これらの IP への通信を Service のポートで受けます。ノードまで届けるのは利用者の役目です。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.loadBalancerClass', 'spec.loadBalancerIP', 'spec.loadBalancerSourceRanges', 'spec.loadBalancerSourceRanges[*]', 'spec.allocateLoadBalancerNodePorts'],
    docs: `${service}#loadbalancer`,
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'The cloud provider\'s service controller configures the load balancer with these (a loadBalancerClass hands the Service to another implementation).', ja: 'クラウドプロバイダーの service のコントローラーが、これらでロードバランサーを設定します（loadBalancerClass があれば別の実装に任せます）。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Also filters by loadBalancerSourceRanges on the nodes.', ja: 'ノードでも loadBalancerSourceRanges で絞り込みます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.publishNotReadyAddresses'],
    docs: `${docs}/reference/kubernetes-api/service-resources/service-v1/`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', en: 'The EndpointSlice controller lists not-ready Pods as ready too (used by StatefulSet peers to find each other).', ja: 'EndpointSlice のコントローラーが、ready でない Pod も ready として載せます（StatefulSet の Pod どうしが互いを見つけるために使われます）。' },
      { id: 'coredns', when: 'continuously', en: 'So DNS answers include them.', ja: 'その結果、DNS の答えにも含まれます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['status', 'status.loadBalancer', 'status.loadBalancer.**', 'status.conditions', 'status.conditions[*]', 'status.conditions[*].**'],
    docs: `${service}#loadbalancer`,
    actors: [{ id: 'cloud-controller-manager', controller: 'service', when: 'on-change', writes: true, en: 'Written by the service controller (or the load-balancer add-on) with the load balancer\'s address.', ja: 'service のコントローラー（またはロードバランサーのアドオン）が、ロードバランサーのアドレスを書きます。' }],
  },
  // EndpointSlice
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['addressType', 'endpoints', 'endpoints[*]', 'endpoints[*].addresses', 'endpoints[*].addresses[*]', 'ports', 'ports[*]', 'ports[*].**'],
    docs: endpointSlices,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writes: true, en: 'For a Service with a selector, written by the EndpointSlice controller from the selected Pods (slices you write yourself need another managed-by label).', ja: 'セレクターのある Service なら、EndpointSlice のコントローラーが選ばれた Pod から書きます（自分で書くスライスには別の managed-by のラベルが必要です）。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Routes the Service\'s traffic to these addresses and ports.', ja: 'Service への通信をこれらのアドレスとポートに送ります。' },
      { id: 'coredns', when: 'continuously', en: 'Answers headless Services and SRV queries from them.', ja: 'ヘッドレス Service と SRV の問い合わせに、これを使って答えます。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['endpoints[*].conditions', 'endpoints[*].conditions.**'],
    docs: `${endpointSlices}#conditions`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'ready/serving/terminating, copied from the Pod\'s Ready condition and deletion state.', ja: 'ready/serving/terminating は、Pod の Ready の condition と削除中かどうかから写されます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Sends new connections to ready endpoints.', ja: '新しい接続を ready なエンドポイントに送ります。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['endpoints[*].nodeName', 'endpoints[*].zone', 'endpoints[*].hints', 'endpoints[*].hints.**', 'endpoints[*].targetRef', 'endpoints[*].targetRef.**', 'endpoints[*].hostname'],
    docs: `${endpointSlices}#topology`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Filled in from the Pod and its node.', ja: 'Pod とそのノードから書き込まれます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Uses nodeName for Local traffic policies and zone/hints for topology-aware routing.', ja: 'nodeName を Local のトラフィックポリシーに、zone/hints をトポロジーを考えた振り分けに使います。' },
    ],
  },
  // Ingress
  {
    kinds: ['networking.k8s.io/Ingress'],
    paths: ['spec', 'spec.rules', 'spec.rules[*]', 'spec.rules[*].**', 'spec.defaultBackend', 'spec.defaultBackend.**'],
    docs: `${ingress}#prerequisites`,
    actors: [
      { id: 'ingress-controller', when: 'continuously', en: 'No built-in component acts on an Ingress: an ingress controller (an add-on such as ingress-nginx) must run and configure its proxy from these rules.', ja: 'Ingress を扱う組み込みのコンポーネントはありません。Ingress コントローラー（ingress-nginx などのアドオン）を動かし、これらの規則からプロキシーを設定させる必要があります。' },
    ],
  },
  {
    kinds: ['networking.k8s.io/Ingress'],
    paths: ['spec.ingressClassName'],
    docs: `${ingress}#ingress-class`,
    actors: [{ id: 'ingress-controller', when: 'continuously', en: 'Only the controller of this IngressClass picks the Ingress up (without it, the class marked default).', ja: 'この IngressClass のコントローラーだけがこの Ingress を扱います（無ければ既定の印の付いたクラス）。' }],
  },
  {
    kinds: ['networking.k8s.io/Ingress'],
    paths: ['spec.tls', 'spec.tls[*]', 'spec.tls[*].**'],
    docs: `${ingress}#tls`,
    actors: [{ id: 'ingress-controller', when: 'continuously', en: 'Reads the certificate from the named Secret and terminates TLS for these hosts.', ja: '指定の Secret から証明書を読み、これらのホストの TLS を終端します。' }],
  },
  {
    kinds: ['networking.k8s.io/Ingress'],
    paths: ['status', 'status.**'],
    docs: ingress,
    actors: [{ id: 'ingress-controller', when: 'continuously', writes: true, en: 'Written by the ingress controller with the address it serves on.', ja: 'Ingress コントローラーが、受け付けるアドレスを書きます。' }],
  },
  // NetworkPolicy
  {
    kinds: ['networking.k8s.io/NetworkPolicy'],
    paths: ['spec', 'spec.podSelector', 'spec.podSelector.**', 'spec.policyTypes', 'spec.policyTypes[*]', 'spec.ingress', 'spec.ingress[*]', 'spec.ingress[*].**', 'spec.egress', 'spec.egress[*]', 'spec.egress[*].**'],
    docs: `${networkPolicies}#prerequisites`,
    actors: [
      { id: 'cni', when: 'continuously', en: 'Enforced by the network plugin, if it supports NetworkPolicy; with one that does not, creating it has no effect.', ja: 'ネットワークプラグインが NetworkPolicy に対応していれば、プラグインが守らせます。対応していなければ、作っても効果はありません。' },
    ],
  },
];
