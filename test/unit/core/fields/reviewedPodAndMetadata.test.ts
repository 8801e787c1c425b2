import * as assert from 'node:assert/strict';
import { explainAt, explainPath as explain, actorOf as find } from '../../../support/explainAt';
import type { Language } from '../../../../src/core/fields/types';
import type { PathSegment } from '../../../../src/core/yaml/yamlPath';

/** The full review of pod.ts and metadata.ts: one test per finding, each failing without its mend. */

const explainPod = (path: PathSegment[], language: Language = 'en') => explain('Pod', 'v1', path, language);
const pod = (spec: string) => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
${spec}`;

describe('Pod and metadata knowledge, every entry reviewed', () => {
  it('metadata: kube-apiserver fills in generation only for the kinds that track it, not for a ConfigMap', () => {
    const action = find(explain('ConfigMap', 'v1', ['metadata']), 'kube-apiserver').action;
    assert.match(action, /generation for the kinds that track it: a ConfigMap or a Secret has none/);
    assert.doesNotMatch(action, /creationTimestamp, generation, managedFields/);
  });

  it('generateName makes a name only when metadata.name is not given, and kubectl apply refuses it', () => {
    const action = find(explain('Pod', 'v1', ['metadata', 'generateName']), 'kube-apiserver').action;
    assert.match(action, /^Only when metadata\.name is not given/);
    assert.match(action, /kubectl apply refuses a manifest with generateName and no name: use kubectl create/);
    assert.doesNotMatch(action, /controllers name their Pods this way/);
  });

  it('labels: some components read well-known keys directly, not only through selectors', () => {
    const action = find(explain('Namespace', 'v1', ['metadata', 'labels']), 'kube-apiserver').action;
    assert.doesNotMatch(action, /only through their selectors/);
    assert.match(action, /some read well-known keys directly \(Pod Security admission a Namespace's pod-security\.kubernetes\.io labels/);
  });

  it('ownerReferences: an owner deleted with orphan propagation leaves this object, only without the reference', () => {
    const action = find(
      explain('apps/ReplicaSet', 'apps/v1', ['metadata', 'ownerReferences', 0, 'uid']),
      'kube-controller-manager',
      'garbage-collector',
    ).action;
    assert.match(
      action,
      /except when an owner is deleted with orphan propagation \(kubectl delete --cascade=orphan\): then it only removes the reference, and this object stays/,
    );
  });

  it('spec.priority written in the Pod is rejected when it differs from the PriorityClass value', () => {
    const admission = find(explainAt(pod('  priority: @@1000\n')), 'kube-apiserver');
    assert.equal(admission.effect, 'writes-other');
    assert.match(admission.action, /a Pod whose own spec\.priority differs from that value: set the class, not the number/);
    assert.match(admission.action, /with no class, the globalDefault class, or 0 when there is none/);
  });

  it('hostname and subdomain: the live anchor, and the headless Service must select the Pod for its records', () => {
    const explanation = explainPod(['spec', 'subdomain']);
    assert.equal(
      explanation.docs,
      'https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/#pod-hostname-and-subdomain-field',
    );
    const coredns = find(explanation, 'coredns').action;
    assert.match(coredns, /headless Service named like the subdomain that selects the Pod/);
    assert.match(coredns, /once the Pod is ready \(unless the Service sets publishNotReadyAddresses\)/);
  });

  it('spec.os: kube-scheduler does not read it, so the kubelet of a node with another OS rejects the Pod', () => {
    const kubelet = find(explainAt(pod('  os:\n    name: @@windows\n')), 'kubelet').action;
    assert.match(kubelet, /Failed, reason PodOSNotSupported/);
    assert.match(kubelet, /kube-scheduler does not read this field: add a nodeSelector on kubernetes\.io\/os/);
  });

  it('imagePullPolicy defaults to IfNotPresent for an image given by digest, though it has no tag', () => {
    const admission = find(explainPod(['spec', 'containers', 0, 'imagePullPolicy']), 'kube-apiserver');
    assert.equal(admission.effect, 'writes-field');
    assert.match(admission.action, /IfNotPresent for another tag or an image given by digest/);
  });

  it('lifecycle: postStart holds the container out of Running, and only preStop counts against the grace period (English and Japanese)', () => {
    const en = find(explainPod(['spec', 'containers', 0, 'lifecycle', 'postStart']), 'kubelet').action;
    assert.match(en, /the container is not Running until it returns/);
    assert.match(en, /Runs preStop before it sends TERM, within the Pod's terminationGracePeriodSeconds/);
    const ja = find(explainPod(['spec', 'containers', 0, 'lifecycle', 'postStart'], 'ja'), 'kubelet').action;
    assert.doesNotMatch(ja, /postStart を、TERM を送る前に preStop を、Pod の terminationGracePeriodSeconds の中で/);
    assert.match(ja, /preStop は TERM を送る前に、Pod の terminationGracePeriodSeconds の中で実行します/);
    assert.match(ja, /終わるまでコンテナは Running にならず/);
  });
});

describe("the thirteenth review's findings", () => {
  it('a probe naming no port of the container errors and its result is thrown away (no failure, no restart); an httpGet hook fails; only app and sidecar ports serve named targetPorts', () => {
    const en = find(explainPod(['spec', 'containers', 0, 'ports', 0, 'name']), 'kubelet').action;
    assert.doesNotMatch(en, /makes the probe \(or hook\) fail/);
    assert.match(
      en,
      /makes the probe error: the kubelet discards the result, so a readiness probe leaves the container not ready and a liveness or startup probe never restarts it; an httpGet hook naming such a port fails/,
    );
    const ja = find(explainPod(['spec', 'containers', 0, 'ports', 0, 'name'], 'ja'), 'kubelet').action;
    assert.doesNotMatch(ja, /プローブ（やフック）は失敗します/);
    assert.match(ja, /プローブはエラーになり、kubelet は結果を捨てます/);
    assert.match(ja, /liveness や startup のプローブならコンテナは再起動されません。そのような名前を指す httpGet のフックは失敗します/);
    const slices = find(explainPod(['spec', 'initContainers', 0, 'ports', 0, 'name']), 'kube-controller-manager', 'endpointslice').action;
    assert.match(
      slices,
      /looking in app containers and sidecars \(init containers with restartPolicy: Always\) only, not in regular init containers/,
    );
    assert.match(
      find(explainPod(['spec', 'initContainers', 0, 'ports'], 'ja'), 'kube-controller-manager', 'endpointslice').action,
      /通常の init コンテナは見ません/,
    );
  });

  it('ports, host ports, resources (claims, limits) and resizePolicy are not allowed in an ephemeral container, while app and init containers keep their answers', () => {
    const notAllowed: PathSegment[][] = [
      ['ports'],
      ['ports', 0],
      ['ports', 0, 'containerPort'],
      ['ports', 0, 'hostPort'],
      ['resources'],
      ['resources', 'requests'],
      ['resources', 'requests', 'cpu'],
      ['resources', 'limits'],
      ['resources', 'limits', 'memory'],
      ['resources', 'claims'],
      ['resources', 'claims', 0],
      ['resources', 'claims', 0, 'name'],
      ['resizePolicy'],
      ['resizePolicy', 0, 'restartPolicy'],
    ];
    for (const field of notAllowed) {
      const where = ['spec', 'ephemeralContainers', 0, ...field].join('.');
      const en = explainPod(['spec', 'ephemeralContainers', 0, ...field]);
      assert.deepEqual(
        en.components.map((component) => component.id),
        ['kube-apiserver'],
        where,
      );
      assert.match(
        en.components[0].action,
        /^Not allowed: ephemeral containers may not have ports \(host ports included\), resources \(requests, limits, claims\) or a resizePolicy, and kube-apiserver rejects these fields/,
        where,
      );
      assert.match(en.docs ?? '', /ephemeral-containers\/#what-is-an-ephemeral-container$/, where);
      assert.match(
        explainPod(['spec', 'ephemeralContainers', 0, ...field], 'ja').components[0].action,
        /^使えません。エフェメラルコンテナはポート/,
        where,
      );
    }

    for (const containers of ['containers', 'initContainers']) {
      assert.match(
        find(explainPod(['spec', containers, 0, 'resources', 'claims', 0, 'name']), 'kubelet').action,
        /Gives this container access to the devices/,
        containers,
      );
      assert.match(
        find(explainPod(['spec', containers, 0, 'resources', 'limits', 'memory']), 'container-runtime').action,
        /OOM-killed/,
        containers,
      );
      assert.match(
        find(explainPod(['spec', containers, 0, 'resources', 'requests']), 'kube-scheduler').action,
        /effective request/,
        containers,
      );
      assert.match(find(explainPod(['spec', containers, 0, 'resizePolicy']), 'kubelet').action, /in-place resize/, containers);
      assert.match(find(explainPod(['spec', containers, 0, 'ports', 0, 'hostPort']), 'kube-scheduler').action, /same hostPort/, containers);
      assert.ok(find(explainPod(['spec', containers, 0, 'ports']), 'kube-controller-manager', 'endpointslice'), containers);
      for (const field of [
        ['ports'],
        ['ports', 0, 'hostPort'],
        ['resources'],
        ['resources', 'claims'],
        ['resources', 'limits'],
        ['resizePolicy'],
      ]) {
        const action = explainPod(['spec', containers, 0, ...field])
          .components.map((component) => component.action)
          .join('\n');
        assert.doesNotMatch(action, /Not allowed/, `${containers}.${field.join('.')}`);
      }
    }
  });
});

describe("the fourteenth review's findings", () => {
  it('status.phase: kube-apiserver sets Pending at creation, so a Pending Pod may not have reached any kubelet yet', () => {
    const phase = explainPod(['status', 'phase']);
    assert.match(
      find(phase, 'kube-apiserver').action,
      /^Sets Pending when the Pod is created\. A Pod stays Pending while it waits for kube-scheduler, before any kubelet has it\.$/,
    );
    assert.match(find(phase, 'kubelet').action, /the node the Pod is bound to: Pending \(until its containers have started\)/);
    assert.match(find(explainPod(['status', 'phase'], 'ja'), 'kube-apiserver').action, /Pod を作るときに Pending を入れます/);
  });

  it('hostNetwork: the hostPort defaulting gate for Pod templates existed only in v1.28 to v1.30', () => {
    const explanation = explainAt(pod('  host@@Network: true\n  containers:\n  - name: c\n    image: i'));
    const action =
      explanation.components.find((component) => component.id === 'kube-apiserver' && /hostPort/.test(component.action))?.action ?? '';
    assert.doesNotMatch(action, /feature gate, off by default\) a Pod template/);
    assert.match(
      action,
      /in v1\.28 to v1\.30 the DefaultHostNetworkHostPortsInPodTemplates feature gate, off by default, could bring back the old defaulting; it is gone since v1\.31/,
    );
  });
});

describe("the fifteenth review's findings", () => {
  it('nominatedNodeName: since v1.35 also set for a Pod waiting in Permit or PreBind, and cleared by kube-apiserver at binding', () => {
    const explanation = explainPod(['status', 'nominatedNodeName']);
    assert.match(
      find(explanation, 'kube-scheduler').action,
      /since v1\.35 \(on by default\) also when it has picked the node and the Pod must still wait in Permit or PreBind/,
    );
    assert.match(find(explanation, 'kube-apiserver').action, /clears it when the Pod is bound to a node/);
    assert.match(explanation.docs ?? '', /assign-pod-node\/#nominatednodename$/);
  });

  it('imagePullPolicy IfNotPresent: since v1.35 an image that needed credentials is pulled again for a Pod without those credentials', () => {
    const explanation = explainAt(pod('  containers:\n  - name: c\n    image: i\n    imagePull@@Policy: IfNotPresent'));
    const action =
      explanation.components.find((component) => component.id === 'kubelet' && /Decides whether to pull/.test(component.action))?.action ??
      '';
    assert.match(
      action,
      /IfNotPresent: pulls only when the image is not on the node, except that since v1\.35 \(on by default\) an image that needed credentials is pulled again/,
    );
  });
});
