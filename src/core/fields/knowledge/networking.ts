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
    docs: `${virtualIps}#proxy-modes`,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'kube-proxy on every node watches Services and EndpointSlices and programs the node (iptables, IPVS or nftables) to send the Service\'s traffic to its Pods.', ja: '各ノードの kube-proxy が Service と EndpointSlice を監視し、Service への通信が Pod に届くようにノード（iptables、IPVS、nftables）を設定します。' },
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'For a Service with a selector, the EndpointSlice controller writes EndpointSlices listing the Pods the selector matches that have an IP and have not finished, each marked ready or not; kube-proxy sends new connections only to the ready ones.', ja: 'セレクターのある Service なら、EndpointSlice のコントローラーが、セレクターに一致し、IP を持ち、終了していない Pod を EndpointSlice に書き、それぞれに ready かどうかを記します。kube-proxy が新しい接続を送るのは ready なものだけです。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['metadata.name', 'metadata.namespace'],
    docs: `${docs}/concepts/services-networking/dns-pod-service/#services`,
    actors: [
      { id: 'coredns', when: 'continuously', en: 'The cluster DNS answers name.namespace.svc.cluster.local with the cluster IP (the Pod IPs for a headless Service, a CNAME to spec.externalName for an ExternalName one).', ja: 'クラスタ DNS が name.namespace.svc.cluster.local をクラスタ IP で答えます（ヘッドレス Service なら Pod の IP、ExternalName の Service なら spec.externalName への CNAME）。' },
      { id: 'kubelet', when: 'run-time', en: 'For a Service with a cluster IP (not a headless or ExternalName one), also puts NAME_SERVICE_HOST/_PORT variables in the containers of Pods in the same namespace started after the Service (unless the Pod sets enableServiceLinks: false); Pods in other namespaces do not get them. The exception is the kubernetes Service of the default namespace: every Pod gets its KUBERNETES_SERVICE_HOST/_PORT, even with enableServiceLinks: false.', ja: 'クラスタ IP のある Service（ヘッドレスや ExternalName でないもの）なら、同じ Namespace にあり、Service より後に起動した Pod のコンテナに、NAME_SERVICE_HOST/_PORT の環境変数も入れます（Pod が enableServiceLinks: false にしていなければ）。ほかの Namespace の Pod には入りません。例外は default の Namespace の kubernetes という Service で、その KUBERNETES_SERVICE_HOST/_PORT はすべての Pod に入ります（enableServiceLinks: false でも）。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.selector', 'spec.selector.*'],
    docs: `${service}#services-without-selectors`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'The EndpointSlice controller writes EndpointSlices with the IPs of the Pods these labels select; with no selector it writes none and you manage the endpoints.', ja: 'EndpointSlice のコントローラーが、このラベルで選ばれる Pod の IP を EndpointSlice に書きます。セレクターが無ければ何も書かず、エンドポイントは自分で管理します。' },
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
      { id: 'kube-proxy', when: 'continuously', en: 'Programs every node for ClusterIP, NodePort and LoadBalancer Services: the cluster IP, the node ports and the load balancer\'s IP; it ignores ExternalName.', ja: 'ClusterIP、NodePort、LoadBalancer の Service のために各ノードを設定します（クラスタ IP、ノードポート、ロードバランサーの IP）。ExternalName は扱いません。' },
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'LoadBalancer: the external load balancer itself is made by the cloud provider\'s service controller, or by a load-balancer add-on where there is no cloud (MetalLB, kube-vip); with neither, the external IP stays pending.', ja: 'LoadBalancer の外部のロードバランサーそのものは、クラウドプロバイダーの service のコントローラーが作ります。クラウドが無い環境ではロードバランサーのアドオン（MetalLB、kube-vip）が作り、どちらも無ければ外部 IP は pending のままです。' },
      { id: 'coredns', when: 'continuously', en: 'ExternalName: answered with a CNAME to spec.externalName.', ja: 'ExternalName なら、spec.externalName への CNAME で答えます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    onlyIf: { value: { equals: ['ClusterIP'] } },
    docs: `${service}#type-clusterip`,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'Makes the cluster IP reach the Service\'s endpoints from inside the cluster, on every node.', ja: '各ノードで、クラスタの内側からクラスタ IP が Service のエンドポイントに届くようにします。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Allocates the cluster IP from the service CIDR unless clusterIP is given (None: headless, no IP).', ja: 'clusterIP の指定が無ければ、Service の CIDR からクラスタ IP を割り当てます（None ならヘッドレスで、IP はありません）。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    onlyIf: { value: { equals: ['NodePort'] } },
    docs: `${service}#type-nodeport`,
    actors: [
      { id: 'kube-proxy', when: 'continuously', en: 'Opens each port\'s nodePort on every node and forwards it to the endpoints, besides the cluster IP.', ja: 'クラスタ IP に加え、各ポートの nodePort をすべてのノードで開き、エンドポイントへ転送します。' },
      { id: 'kube-apiserver', when: 'admission', en: 'Allocates a nodePort for each port from the node port range (30000-32767 by default) unless one is given.', ja: '指定が無ければ、ポートごとにノードポートの範囲（既定 30000-32767）から nodePort を割り当てます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    onlyIf: { value: { equals: ['LoadBalancer'] }, fields: { 'spec.loadBalancerClass': { present: false } } },
    docs: `${service}#loadbalancer`,
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', writesOther: 'status.loadBalancer', en: 'The cloud provider\'s service controller creates the external load balancer and writes its address to status.loadBalancer. Without a cloud provider (kind, on-premises) a load-balancer add-on (MetalLB, kube-vip, k3s ServiceLB) does this instead; with neither, the external IP stays pending.', ja: 'クラウドプロバイダーの service のコントローラーが外部のロードバランサーを作り、そのアドレスを status.loadBalancer に書きます。クラウドプロバイダーが無い環境（kind、オンプレミス）では、ロードバランサーのアドオン（MetalLB、kube-vip、k3s の ServiceLB）が代わりに作ります。どちらも無ければ外部 IP は pending のままです。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Only the node side: the cluster IP, the node ports the load balancer sends to, and traffic to the load balancer\'s IP.', ja: 'ノードの側だけを扱います。クラスタ IP、ロードバランサーが送る先のノードポート、ロードバランサーの IP への通信です。' },
      { id: 'kube-apiserver', when: 'admission', writesOther: 'spec.clusterIP, spec.ports[*].nodePort', en: 'Allocates the cluster IP and, unless allocateLoadBalancerNodePorts is false, a nodePort for each port.', ja: 'クラスタ IP と、allocateLoadBalancerNodePorts が false でなければポートごとの nodePort を割り当てます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    onlyIf: { value: { equals: ['LoadBalancer'] }, fields: { 'spec.loadBalancerClass': { present: true } } },
    docs: `${service}#load-balancer-class`,
    actors: [
      { id: 'add-on', named: 'the load balancer of that loadBalancerClass', when: 'on-change', writesOther: 'status.loadBalancer', en: 'loadBalancerClass is set: the implementation watching for that class makes the load balancer; the default implementation (the cloud provider\'s service controller) ignores this Service.', ja: 'loadBalancerClass が指定されています。そのクラスを監視している実装がロードバランサーを作り、既定の実装（クラウドプロバイダーの service のコントローラー）はこの Service を無視します。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Only the node side: the cluster IP, the node ports and traffic to the load balancer\'s IP.', ja: 'ノードの側だけを扱います。クラスタ IP、ノードポート、ロードバランサーの IP への通信です。' },
      { id: 'kube-apiserver', when: 'admission', writesOther: 'spec.clusterIP, spec.ports[*].nodePort', en: 'Allocates the cluster IP and, unless allocateLoadBalancerNodePorts is false, a nodePort for each port, whatever the class.', ja: 'クラスに関係なく、クラスタ IP と、allocateLoadBalancerNodePorts が false でなければポートごとの nodePort を割り当てます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.type'],
    onlyIf: { value: { equals: ['ExternalName'] } },
    docs: `${service}#externalname`,
    actors: [
      { id: 'coredns', when: 'continuously', en: 'The cluster DNS answers the Service\'s name with a CNAME to spec.externalName; no cluster IP, no proxying.', ja: 'クラスタ DNS が Service の名前を spec.externalName への CNAME で答えます。クラスタ IP もプロキシーもありません。' },
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
    paths: ['spec.externalTrafficPolicy', 'spec.internalTrafficPolicy'],
    docs: `${virtualIps}#traffic-policies`,
    actors: [{ id: 'kube-proxy', when: 'continuously', en: 'Local: kube-proxy sends traffic only to endpoints on the same node (keeping the client source IP for external traffic); Cluster: to any endpoint.', ja: 'Local なら kube-proxy は同じノードのエンドポイントにだけ送ります（外部からの通信では送信元 IP が保たれます）。Cluster ならどのエンドポイントにも送ります。' }],
  },
  {
    kinds: ['Service'],
    paths: ['spec.trafficDistribution'],
    docs: `${service}#traffic-distribution`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writesOther: 'EndpointSlice', en: 'The EndpointSlice controller writes hints into the Service\'s EndpointSlices: the zone (PreferSameZone, or its older name PreferClose) or the node (PreferSameNode) each endpoint should serve. The field is on by default since v1.31 (PreferClose only); PreferSameZone and PreferSameNode since v1.34.', ja: 'EndpointSlice のコントローラーが、Service の EndpointSlice にヒントを書きます。各エンドポイントが受け持つゾーン（PreferSameZone、または以前の名前の PreferClose）やノード（PreferSameNode）です。この項目は v1.31 から既定で有効（PreferClose のみ）で、PreferSameZone と PreferSameNode は v1.34 からです。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Follows the hints: prefers endpoints in the client\'s zone or on its node (for PreferSameNode, the client\'s zone next), and falls back to all endpoints when there are none there. It is a preference, not a policy like internalTrafficPolicy.', ja: 'ヒントに従い、クライアントと同じゾーンやノードのエンドポイントを優先します（PreferSameNode でノードに無ければ、次は同じゾーン）。そこにも無ければすべてのエンドポイントに送ります。internalTrafficPolicy のような規則ではなく、優先の指定です。' },
    ],
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
    paths: ['spec.loadBalancerIP', 'spec.loadBalancerSourceRanges', 'spec.loadBalancerSourceRanges[*]'],
    docs: `${service}#loadbalancer`,
    actors: [
      { id: 'cloud-controller-manager', controller: 'service', when: 'on-change', en: 'The cloud provider\'s service controller (or the load-balancer add-on) configures the load balancer with these, where it supports them; loadBalancerIP is deprecated.', ja: 'クラウドプロバイダーの service のコントローラー（またはロードバランサーのアドオン）が、対応していればこれらでロードバランサーを設定します。loadBalancerIP は非推奨です。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Also filters by loadBalancerSourceRanges on the nodes.', ja: 'ノードでも loadBalancerSourceRanges で絞り込みます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.loadBalancerClass'],
    docs: `${service}#load-balancer-class`,
    actors: [
      { id: 'add-on', named: 'the load balancer of this class', when: 'on-change', writesOther: 'status.loadBalancer', en: 'The implementation that watches for this class makes the load balancer and writes its address to status.loadBalancer; the default implementation (the cloud provider\'s service controller) ignores Services that set it. Set once, with type LoadBalancer; it cannot be changed.', ja: 'このクラスを監視している実装がロードバランサーを作り、そのアドレスを status.loadBalancer に書きます。既定の実装（クラウドプロバイダーの service のコントローラー）は、これを指定した Service を無視します。type が LoadBalancer のときに一度だけ指定でき、変更できません。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.allocateLoadBalancerNodePorts'],
    docs: `${service}#load-balancer-nodeport-allocation`,
    actors: [
      { id: 'kube-apiserver', when: 'admission', en: 'false: kube-apiserver allocates no new node ports for this LoadBalancer Service (for load balancers that send straight to Pods); ports it already has stay until you remove each nodePort. true or unset: it allocates one per port.', ja: 'false なら、kube-apiserver はこの LoadBalancer の Service に新しいノードポートを割り当てません（Pod へ直接送るロードバランサー向け）。すでに割り当てられたポートは、各 nodePort を消すまで残ります。true か未指定なら、ポートごとに割り当てます。' },
    ],
  },
  {
    kinds: ['Service'],
    paths: ['spec.publishNotReadyAddresses'],
    docs: `${docs}/reference/kubernetes-api/service-resources/service-v1/#ServiceSpec`,
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
    docs: `${endpointSlices}#management`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writes: true, en: 'For a Service with a selector, written by the EndpointSlice controller from the selected Pods (slices you write yourself need another managed-by label).', ja: 'セレクターのある Service なら、EndpointSlice のコントローラーが選ばれた Pod から書きます（自分で書くスライスには別の managed-by のラベルが必要です）。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Routes the Service\'s traffic to these addresses and ports.', ja: 'Service への通信をこれらのアドレスとポートに送ります。' },
      { id: 'coredns', when: 'continuously', en: 'Answers a headless Service\'s queries from them: A/AAAA records with the ready endpoints\' addresses, and for each named port an SRV record per endpoint. A Service with a cluster IP is answered from the Service itself (its cluster IP, and SRV records that name the Service), not from its EndpointSlices.', ja: 'ヘッドレス Service への問い合わせに、これを使って答えます。A/AAAA レコードは ready なエンドポイントのアドレスで、名前付きのポートごとにエンドポイントの数だけ SRV レコードを返します。クラスタ IP のある Service には、EndpointSlice ではなく Service そのものから答えます（クラスタ IP と、Service の名前を指す SRV レコード）。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['endpoints[*].conditions', 'endpoints[*].conditions.**'],
    docs: `${endpointSlices}#conditions`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'ready/serving/terminating, copied from the Pod\'s Ready condition and deletion state.', ja: 'ready/serving/terminating は、Pod の Ready の condition と削除中かどうかから写されます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Sends new connections to ready endpoints. When there are none (for a Local traffic policy, none on this node), it falls back to the endpoints that are serving and terminating, so connections drain through a rollout instead of being dropped.', ja: '新しい接続を ready なエンドポイントに送ります。それが無ければ（Local のトラフィックポリシーならこのノードに無ければ）、serving かつ terminating のエンドポイントに送るので、ロールアウトの間も接続は落とされずに引き継がれます。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['endpoints[*].nodeName', 'endpoints[*].zone', 'endpoints[*].targetRef', 'endpoints[*].targetRef.**', 'endpoints[*].hostname'],
    docs: `${endpointSlices}#topology`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'on-change', writes: true, en: 'Filled in from the Pod and its node.', ja: 'Pod とそのノードから書き込まれます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Uses nodeName for Local traffic policies; for topology-aware routing it follows the hints the EndpointSlice controller derives from each endpoint\'s zone, not the zone itself.', ja: 'nodeName を Local のトラフィックポリシーに使います。トポロジーを考えた振り分けでは、zone そのものではなく、EndpointSlice のコントローラーが各エンドポイントの zone から作るヒントに従います。' },
    ],
  },
  {
    kinds: ['discovery.k8s.io/EndpointSlice'],
    paths: ['endpoints[*].hints', 'endpoints[*].hints.**'],
    docs: `${docs}/concepts/services-networking/topology-aware-routing/#how-it-works`,
    actors: [
      { id: 'kube-controller-manager', controller: 'endpointslice', when: 'continuously', writes: true, en: 'Written by the EndpointSlice controller only for topology-aware routing: when the Service sets trafficDistribution or the service.kubernetes.io/topology-mode: Auto annotation, it allocates each endpoint to the zones (for PreferSameNode, the nodes) it should serve.', ja: 'トポロジーを考えた振り分けのときだけ EndpointSlice のコントローラーが書きます。Service に trafficDistribution か service.kubernetes.io/topology-mode: Auto があれば、各エンドポイントが受け持つゾーン（PreferSameNode ならノード）を割り当てます。' },
      { id: 'kube-proxy', when: 'continuously', en: 'Follows the hints: prefers the endpoints allocated to its own zone (or node).', ja: 'ヒントに従い、自分のゾーン（またはノード）に割り当てられたエンドポイントを優先します。' },
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
    actors: [
      { id: 'ingress-controller', when: 'continuously', en: 'Only the controller of this IngressClass (its spec.controller) picks the Ingress up.', ja: 'この IngressClass のコントローラー（spec.controller）だけがこの Ingress を扱います。' },
      { id: 'kube-apiserver', when: 'admission', writes: true, en: 'When omitted on creation, the DefaultIngressClass admission plugin writes the name of the IngressClass annotated ingressclass.kubernetes.io/is-default-class: "true" (nothing if there is none; if several are marked, the newest since v1.25, where older versions rejected the Ingress; updates are left alone).', ja: '作成時に省略すると、DefaultIngressClass のアドミッションプラグインが、ingressclass.kubernetes.io/is-default-class: "true" の IngressClass の名前を書き込みます（既定のクラスが無ければ何もしません。複数あれば v1.25 からはいちばん新しいものを選び、それより前は Ingress を拒否しました。更新時は何もしません）。' },
    ],
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
    docs: `${ingress}#single-service-ingress`,
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
