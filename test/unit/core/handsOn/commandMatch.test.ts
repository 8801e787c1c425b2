import * as assert from 'node:assert/strict';
import { commandMatches, matchLine, parseKubectl, shellCommands } from '../../../../src/core/handsOn/commandMatch';
import { handsOnExpectations } from '../../../../src/core/handsOn/commands';
import type { HandsOnStepId } from '../../../../src/core/handsOn/checks';
import { kindAnatomy } from '../../../fixtures/anatomy/builders';

/** Which of the step's commands (by index) the line runs, on the article's kind cluster. */
function ran(step: HandsOnStepId, line: string): number[] {
  return matchLine(line, handsOnExpectations(step, kindAnatomy()));
}

describe("matching a learner's command line to a hands-on step", () => {
  describe('reads a shell line as a shell would', () => {
    it('splits at ; && || | and new lines, and keeps quoted words whole', () => {
      assert.deepEqual(shellCommands(`kubectl get pods -l 'tier=control-plane' | grep etcd && echo "a b"; k get no`), [
        ['kubectl', 'get', 'pods', '-l', 'tier=control-plane'],
        ['grep', 'etcd'],
        ['echo', 'a b'],
        ['k', 'get', 'no'],
      ]);
    });

    it('joins a line continued with a backslash', () => {
      assert.deepEqual(shellCommands('kubectl get nodes \\\n  -l node-role.kubernetes.io/control-plane'), [
        ['kubectl', 'get', 'nodes', '-l', 'node-role.kubernetes.io/control-plane'],
      ]);
    });

    it('reads kubectl by any path, after variables set for it, and its alias k; nothing else', () => {
      assert.equal(parseKubectl(['KUBECONFIG=/tmp/k', '/usr/local/bin/kubectl', 'get', 'nodes'])?.verb, 'get');
      assert.equal(parseKubectl(['kubectl.exe', 'get', 'nodes'])?.verb, 'get');
      assert.equal(parseKubectl(['k', 'get', 'nodes'])?.verb, 'get');
      assert.equal(parseKubectl(['echo', 'kubectl', 'get', 'nodes']), undefined);
      assert.equal(parseKubectl(['kubectl']), undefined);
    });

    it('reads every spelling of a flag the same', () => {
      const spellings = [
        'kubectl get pods -n kube-system -o wide',
        'kubectl get pods --namespace kube-system --output wide',
        'kubectl get pods --namespace=kube-system --output=wide',
        'kubectl get pods -nkube-system -owide',
        'kubectl -n kube-system get po -o=wide',
        'kubectl get pod -o wide -n kube-system',
      ];
      const parsed = spellings.map((line) => parseKubectl(shellCommands(line)[0]!));
      for (const [index, command] of parsed.entries())
        assert.deepEqual(command, { verb: 'get', resources: ['pods'], namespace: 'kube-system', output: 'wide' }, spellings[index]);
    });

    it('reads resources in any order and by short name, and type/name', () => {
      assert.deepEqual(parseKubectl(['kubectl', 'get', 'deploy,ds'])?.resources, ['daemonsets', 'deployments']);
      assert.deepEqual(parseKubectl(['kubectl', 'get', 'deployments.apps,daemonsets'])?.resources, ['daemonsets', 'deployments']);
      assert.deepEqual(parseKubectl(['kubectl', 'describe', 'node/multi-node-worker']), {
        verb: 'describe',
        resources: ['nodes'],
        name: 'multi-node-worker',
      });
    });
  });

  describe("counts a step's command", () => {
    it('typed as the article writes it, with or without the context', () => {
      assert.deepEqual(ran('nodes', 'kubectl get nodes'), [0]);
      assert.deepEqual(ran('nodes', 'kubectl get nodes --context kind-multi-node'), [0]);
      assert.deepEqual(ran('nodes', 'kubectl get nodes -l node-role.kubernetes.io/control-plane'), [1]);
      assert.deepEqual(ran('kubeSystemPods', 'k get po -A -o wide'), [0]);
      assert.deepEqual(ran('workloads', 'kubectl get ds,deploy -n kube-system'), [0]);
      assert.deepEqual(ran('workloads', 'kubectl get svc --namespace=kube-system'), [1]);
      assert.deepEqual(ran('staticPods', 'kubectl get pods -n kube-system -l tier=control-plane -o wide | grep apiserver'), [0]);
      assert.deepEqual(ran('staticPods', 'kubectl describe pod -n kube-system kube-apiserver-multi-node-control-plane'), [1]);
    });

    it('on any node where the article says <node name>, or on every node at once', () => {
      assert.deepEqual(ran('nodeAgents', 'kubectl describe node multi-node-worker2'), [0]);
      assert.deepEqual(ran('nodeAgents', 'kubectl describe nodes'), [0]);
      assert.deepEqual(ran('leases', 'kubectl get lease multi-node-worker -n kube-node-lease -o yaml'), [1]);
      assert.deepEqual(ran('leases', 'kubectl get leases -n kube-node-lease'), [0]);
    });

    it('with extra flags that do not change what it shows', () => {
      assert.deepEqual(ran('nodes', 'kubectl get nodes -o wide --show-labels'), [0]);
      assert.deepEqual(ran('workloads', 'kubectl get services -n kube-system --sort-by .metadata.name'), [1]);
    });
  });

  describe('does not count', () => {
    it('a command that shows something else: another namespace, another selector, another verb', () => {
      assert.deepEqual(ran('kubeSystemPods', 'kubectl get pods -o wide'), []);
      assert.deepEqual(ran('kubeSystemPods', 'kubectl get pods -n default -o wide'), []);
      assert.deepEqual(ran('kubeSystemPods', 'kubectl get pods -n kube-system'), [], '-o wide shows the nodes the step is about');
      assert.deepEqual(ran('staticPods', 'kubectl get pods -n kube-system -l tier=node -o wide'), []);
      assert.deepEqual(ran('nodes', 'kubectl describe nodes'), []);
      assert.deepEqual(ran('nodes', 'kubectl get nodes multi-node-worker'), [], 'one node is not the list');
      assert.deepEqual(ran('leases', 'kubectl get lease multi-node-worker -n kube-node-lease'), [], 'renewTime needs -o yaml');
    });

    it('an object the cluster does not have, or another context', () => {
      assert.deepEqual(ran('nodeAgents', 'kubectl describe node some-other-node'), []);
      assert.deepEqual(ran('staticPods', 'kubectl describe pod -n kube-system etcd-multi-node-control-plane'), []);
      assert.deepEqual(ran('nodes', 'kubectl get nodes --context kind-other'), []);
    });

    it('kubectl only mentioned, not run', () => {
      assert.deepEqual(ran('nodes', 'echo kubectl get nodes'), []);
      assert.deepEqual(ran('nodes', 'man kubectl'), []);
      assert.deepEqual(ran('nodes', ''), []);
    });
  });

  it('leaves output alone where the step does not need one, and takes json for yaml', () => {
    const [expected, options] = handsOnExpectations('leases', kindAnatomy())[1]!;
    assert.equal(
      commandMatches(
        parseKubectl(['kubectl', 'get', 'lease', 'multi-node-worker', '-n', 'kube-node-lease', '-o', 'json'])!,
        expected,
        options,
      ),
      true,
    );
  });
});
