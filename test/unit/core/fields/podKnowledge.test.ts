import * as assert from 'node:assert/strict';
import { explainField, type FieldExplanation } from '../../../../src/core/fields/explain';
import { explainAt, actorOf as component } from '../../../support/explainAt';

const explainPod = (path: (string | number)[]): FieldExplanation => explainField({ kind: 'Pod', apiVersion: 'v1', path });
const pod = (spec: string) => `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
${spec}`;

describe('Pod field knowledge, reviewed entry by entry', () => {
  it('pod (anti-)affinity: preferred rules only score, required rules filter and can leave the Pod Pending', () => {
    const action = component(
      explainPod(['spec', 'affinity', 'podAntiAffinity', 'preferredDuringSchedulingIgnoredDuringExecution']),
      'kube-scheduler',
    ).action;
    assert.match(action, /preferredDuringScheduling rules only add to a node's score, so the Pod may still land elsewhere/);
    assert.match(action, /requiredDuringScheduling rules filter the nodes, and the Pod stays Pending if none is left/);
  });

  it('preemptionPolicy is set from the PriorityClass by the Priority admission plugin, which rejects a differing value', () => {
    const explanation = explainAt(pod('  preemptionPolicy: @@Never\n'));
    const admission = component(explanation, 'kube-apiserver');
    assert.equal(admission.effect, 'writes-field');
    assert.match(admission.action, /rejects the Pod if its own value differs/);
    assert.match(admission.action, /Never belongs on a PriorityClass, not on the Pod/);
  });

  it('terminationGracePeriodSeconds: the delete request can override it, and an unbound or finished Pod goes at once', () => {
    const action = component(explainPod(['spec', 'terminationGracePeriodSeconds']), 'kube-apiserver').action;
    assert.match(action, /unless the delete request gives its own \(kubectl delete --grace-period, --force\)/);
    assert.match(action, /a Pod not yet bound to a node, or already Succeeded or Failed, is removed at once/);
    assert.doesNotMatch(action, /^Copies it/);
  });

  it('dnsPolicy: ClusterFirst falls back to Default in a hostNetwork Pod, and the cluster DNS answers only the cluster-first policies', () => {
    const explanation = explainAt(pod('  dnsPolicy: @@Default\n'));
    assert.match(
      component(explanation, 'kubelet').action,
      /except in a hostNetwork Pod, which falls back to Default unless it sets ClusterFirstWithHostNet/,
    );
    assert.match(component(explanation, 'coredns').action, /^Only with ClusterFirst .*With Default or None the Pod does not ask it/);
  });

  it('a container port: the EndpointSlice controller writes EndpointSlices, it does not only read the port', () => {
    const endpointslice = component(
      explainPod(['spec', 'containers', 0, 'ports', 0, 'containerPort']),
      'kube-controller-manager',
      'endpointslice',
    );
    assert.equal(endpointslice.effect, 'writes-other');
    assert.equal(endpointslice.writesOther, 'EndpointSlice');
  });

  it("readinessProbe: the EndpointSlice controller writes the endpoint's ready flag into EndpointSlices", () => {
    const endpointslice = component(explainPod(['spec', 'containers', 0, 'readinessProbe']), 'kube-controller-manager', 'endpointslice');
    assert.equal(endpointslice.effect, 'writes-other');
    assert.equal(endpointslice.writesOther, 'EndpointSlice');
    assert.match(endpointslice.action, /Ready condition/);
  });

  it("command without args drops the image's CMD too; workingDir replaces WORKDIR and is not expanded", () => {
    const runtime = component(explainPod(['spec', 'containers', 0, 'command']), 'container-runtime').action;
    assert.match(runtime, /with command but no args the image's CMD is dropped too/);
    const workingDir = explainPod(['spec', 'containers', 0, 'workingDir']);
    assert.match(component(workingDir, 'container-runtime').action, /workingDir replaces the image's WORKDIR/);
    assert.match(component(workingDir, 'kubelet').action, /in command and args \(not in workingDir\)/);
  });

  it('requests: kube-apiserver writes them (a limit without a request becomes the request, LimitRange defaults)', () => {
    const admission = component(explainPod(['spec', 'containers', 0, 'resources', 'requests', 'cpu']), 'kube-apiserver');
    assert.equal(admission.effect, 'writes-field');
    assert.match(admission.action, /a container with a limit but no request gets a request equal to the limit/);
  });

  it('limits: a limit without a request is copied into the requests, so the scheduler reserves the whole limit', () => {
    const admission = component(explainPod(['spec', 'containers', 0, 'resources', 'limits', 'memory']), 'kube-apiserver');
    assert.equal(admission.effect, 'writes-other');
    assert.equal(admission.writesOther, 'resources.requests');
    assert.match(admission.action, /the scheduler reserves the whole limit/);
  });

  it('status.conditions: the node lifecycle controller sets Ready to False on the Pods of a node that is not Ready', () => {
    const others = component(explainPod(['status', 'conditions']), 'add-on');
    assert.equal(others.effect, 'writes-field');
    assert.match(
      others.action,
      /node lifecycle controller sets Ready to False on every Pod of a node whose Ready condition stops being True/,
    );
    assert.match(others.action, /the kubelet on node-pressure eviction/);
  });

  it('status.phase: the Pod garbage collector deletes the Pods of a vanished node after marking them Failed', () => {
    const podgc = component(explainPod(['status', 'phase']), 'kube-controller-manager', 'pod-garbage-collector').action;
    assert.match(podgc, /^Marks Failed, then deletes, the Pods still bound to a node that no longer exists/);
  });

  it('qosClass: the kubelet sets OOM scores from it but does not rank node-pressure evictions by it', () => {
    const kubelet = component(explainPod(['status', 'qosClass']), 'kubelet').action;
    assert.doesNotMatch(kubelet, /for eviction order/);
    assert.match(
      kubelet,
      /Node-pressure eviction does not rank Pods by this class: it ranks them by usage above requests, then by priority/,
    );
  });
});
