// Limited users on the real kube-apiserver, through the built dist/cli.js (`npm run build` first): four
// ServiceAccounts with token kubeconfigs (a Role in one namespace; the built-in `view` everywhere; Pods
// everywhere but no Nodes; nothing at all), and what each command shows each of them. Every expectation comes
// from what kubectl says that user may do (`kubectl auth can-i`, as the user), never from a table per user.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterAnatomy, HiddenRead, InferredNode, NeededPermission } from '../../../src/core/anatomy/types';
import type { Finding, HandsOnReport } from '../../../src/core/handsOn/checks';
import { until } from '../../support/until';
import { startDemo } from '../../support/demo';
import {
  clusterRole,
  clusterRoleBinding,
  kubectlOut,
  makeRbacUser,
  type RbacUser,
  type RbacUserSpec,
  role,
  roleBinding,
  runKubectl,
} from '../support/rbacUsers';
import { type RealCluster, realCluster } from '../support/realClusters';

const cli = join(__dirname, '..', '..', '..', 'dist', 'cli.js');
const TEAM = 'team';
const APP = 'app';
const IMAGE = 'registry.k8s.io/pause:3.10.1';

/** One question to kubectl: a verb on a resource (`deployments.apps`) in a namespace, cluster-wide, or on a path. */
interface Question {
  readonly verb: string;
  readonly resource: string;
  /** Undefined: a cluster-scoped resource or a path; '*': every namespace (`-A`). */
  readonly namespace?: string;
}

const listWatch = (resource: string, namespace?: string): Question[] =>
  ['list', 'watch'].map((verb) => ({ verb, resource, ...(namespace !== undefined && { namespace }) }));

/** The anatomy's reads as the contract names them, each with what kubectl is asked for it. */
const anatomyReads: Readonly<Record<string, readonly Question[]>> = {
  nodes: listWatch('nodes'),
  pods: listWatch('pods', 'kube-system'),
  daemonSets: listWatch('daemonsets.apps', 'kube-system'),
  deployments: listWatch('deployments.apps', 'kube-system'),
  replicaSets: listWatch('replicasets.apps', 'kube-system'),
  services: listWatch('services', 'kube-system'),
  events: listWatch('events', 'kube-system'),
  leases: listWatch('leases.coordination.k8s.io', 'kube-node-lease'),
  controlPlaneLeases: listWatch('leases.coordination.k8s.io', 'kube-system'),
  apiServers: listWatch('endpoints', 'default'),
  certificateSigningRequests: [{ verb: 'list', resource: 'certificatesigningrequests.certificates.k8s.io' }],
  readyz: [{ verb: 'get', resource: '/readyz' }],
  livez: [{ verb: 'get', resource: '/livez' }],
  version: [{ verb: 'get', resource: '/version' }],
};
const readIds = Object.keys(anatomyReads);
/** What `health` reads: the server's checks, the leader locks, the API servers, kubelet CSRs, and the versions of nodes and Pods. */
const healthReads = ['readyz', 'livez', 'controlPlaneLeases', 'apiServers', 'certificateSigningRequests', 'nodes', 'pods'];
/** What `check` reads: the tutorial's nodes, kube-system's Pods and workloads, the kube-dns Service, the node Leases. */
const checkReads = ['nodes', 'pods', 'daemonSets', 'deployments', 'services', 'leases'];
/** What `placement` reads: every node, and every bound Pod (requests, ports, labels). */
const placementQuestions: readonly Question[] = [
  { verb: 'list', resource: 'nodes' },
  { verb: 'list', resource: 'pods', namespace: '*' },
];
/** The namespaces whose `kubectl auth can-i --list` is recorded ('' for the context's own). */
const listedNamespaces = ['', 'kube-system', TEAM, 'kube-node-lease', 'default'];

const questionArgs = (question: Question): string[] => [
  question.verb,
  question.resource,
  ...(question.namespace === '*' ? ['-A'] : question.namespace !== undefined ? ['-n', question.namespace] : []),
];
const questionText = (question: Question): string => `kubectl auth can-i ${questionArgs(question).join(' ')}`;
/** "list leases.coordination.k8s.io": how both a needed permission's text and its can-i line begin to name it. */
const permissionWords = (question: Question): string => `${question.verb} ${question.resource}`;

interface ListRule {
  readonly resource: string;
  readonly urls: readonly string[];
  readonly names: readonly string[];
  readonly verbs: readonly string[];
}

/** The rows of `kubectl auth can-i --list`: Resources, Non-Resource URLs, Resource Names, Verbs. */
function parseCanIList(table: string): ListRule[] {
  const words = (cell: string) => cell.split(/\s+/).filter(Boolean);
  return table.split('\n').flatMap((line) => {
    const match = /^(\S*)\s+\[([^\]]*)\]\s+\[([^\]]*)\]\s+\[([^\]]*)\]\s*$/.exec(line);
    return match ? [{ resource: match[1]!, urls: words(match[2]!), names: words(match[3]!), verbs: words(match[4]!) }] : [];
  });
}

/** Whether a row of the table allows the question (`*` and `*.group` resources, `/path/*` URLs, all verbs). */
function listAllows(rules: readonly ListRule[], question: Question): boolean {
  const split = (resource: string) => {
    const dot = resource.indexOf('.');
    return dot < 0 ? [resource, ''] : [resource.slice(0, dot), resource.slice(dot + 1)];
  };
  return rules.some((rule) => {
    if (!rule.verbs.includes('*') && !rule.verbs.includes(question.verb)) return false;
    if (question.resource.startsWith('/'))
      return rule.urls.some((url) => url === question.resource || (url.endsWith('*') && question.resource.startsWith(url.slice(0, -1))));
    // A rule limited to named objects never allows a list or a watch of the collection.
    if (!rule.resource || rule.names.length > 0) return false;
    const [name, group] = split(rule.resource);
    const [wantedName, wantedGroup] = split(question.resource);
    return (name === '*' || name === wantedName) && (group === '*' || group === wantedGroup);
  });
}

/** What kubectl says one user may do. */
interface Standing {
  /** `kubectl auth can-i --list [-n NS]` as printed, by namespace ('' for the context's own). */
  readonly lists: ReadonlyMap<string, string>;
  /** By read id: each question and kubectl's answer. */
  readonly answers: ReadonlyMap<string, readonly { question: Question; yes: boolean }[]>;
  /** The reads kubectl refuses at least one question of, in the contract's order. */
  readonly denied: readonly string[];
}

interface KubePod {
  metadata: { name: string };
  spec: { nodeName?: string };
  status: { phase?: string; hostIP?: string };
}

interface CliRun {
  readonly args: readonly string[];
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI as a child process, without blocking the event loop (the node agent renews Leases from this process). */
function runCli(kubeconfig: string, env: NodeJS.ProcessEnv, args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args, '--kubeconfig', kubeconfig], { env });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ args, status, stdout, stderr });
    });
  });
}

const shown = (run: CliRun) =>
  `cluster-anatomy ${run.args.join(' ')} exited ${run.status}\n--- stderr\n${run.stderr}\n--- stdout\n${run.stdout.slice(0, 4000)}`;

function assertReadable(run: CliRun): void {
  assert.doesNotMatch(run.stdout + run.stderr, /Cannot read context/, shown(run));
}

interface UserCase {
  readonly title: string;
  readonly spec: RbacUserSpec;
  /** The user makes the app's Deployment (the namespace-only developer). */
  readonly deploysApp?: boolean;
  /** Inferred nodes are checked to be exactly those of the app's Pods. */
  readonly exactNodes?: boolean;
}

const editorVerbs = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const userCases: readonly UserCase[] = [
  {
    title: 'a namespace-only user (a Role in team, nothing cluster-wide)',
    spec: {
      namespace: TEAM,
      account: 'editor',
      grants: [
        role(TEAM, 'editor', [
          { apiGroups: [''], resources: ['pods', 'events', 'services'], verbs: editorVerbs },
          { apiGroups: ['apps'], resources: ['deployments', 'replicasets'], verbs: editorVerbs },
        ]),
        roleBinding(TEAM, 'editor', { kind: 'Role', name: 'editor' }, 'editor'),
      ],
    },
    deploysApp: true,
    exactNodes: true,
  },
  {
    title: 'a user with the built-in view ClusterRole, bound cluster-wide',
    spec: { namespace: TEAM, account: 'viewer', grants: [clusterRoleBinding('team-viewer', 'view', TEAM, 'viewer')] },
  },
  {
    title: 'a user who may read Pods cluster-wide but not Nodes',
    spec: {
      namespace: TEAM,
      account: 'pod-reader',
      grants: [
        clusterRole('team-pod-reader', [{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }]),
        clusterRoleBinding('team-pod-reader', 'team-pod-reader', TEAM, 'pod-reader'),
      ],
    },
  },
  {
    title: 'a user with no binding at all (only what every authenticated user gets)',
    spec: { namespace: TEAM, account: 'nobody', contextNamespace: null },
  },
];

describe('limited users on the real kube-apiserver: what each command shows them', function () {
  this.timeout(400_000);
  let cluster: RealCluster;
  let scratch: string;
  const users = new Map<string, RbacUser>();
  /** The admin's picture, against which a limited user's is held. */
  let admin: { anatomy: ClusterAnatomy; health: CliRun; check: CliRun; nodes: Set<string> };
  /** The app's Pods, as the admin lists them. */
  let teamPods: KubePod[];
  const summary: string[] = [];

  const adminKubectl = (args: string[], input?: string) => kubectlOut(cluster.env, args, input);

  async function standingOf(user: RbacUser): Promise<Standing> {
    const lists = new Map<string, string>();
    for (const namespace of listedNamespaces) {
      const table = await kubectlOut(user.env, ['auth', 'can-i', '--list', ...(namespace ? ['-n', namespace] : [])]);
      lists.set(namespace, table);
      writeFileSync(join(scratch, `${user.context}.can-i-list${namespace ? `.${namespace}` : ''}.txt`), table);
    }
    const answers = new Map<string, { question: Question; yes: boolean }[]>();
    for (const id of readIds) {
      const asked = await Promise.all(anatomyReads[id]!.map(async (question) => ({ question, yes: await canI(user, question) })));
      answers.set(id, asked);
    }
    const denied = readIds.filter((id) => answers.get(id)!.some((answer) => !answer.yes));
    return { lists, answers, denied };
  }

  async function canI(user: RbacUser, question: Question): Promise<boolean> {
    const result = await runKubectl(user.env, ['auth', 'can-i', ...questionArgs(question)]);
    const answer = result.stdout.trim();
    assert.ok(answer === 'yes' || answer === 'no', `${questionText(question)} as ${user.username}: ${answer} ${result.stderr}`);
    return answer === 'yes';
  }

  before(async () => {
    assert.ok(existsSync(cli), `${cli} is missing: run npm run build first`);
    cluster = await realCluster('kind');
    scratch = mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-users-'));
    for (const userCase of userCases) users.set(userCase.spec.account, await makeRbacUser(cluster, scratch, userCase.spec));
    // The namespace-only user deploys the app themselves, so that they have Pods bound to nodes.
    const deployer = users.get(userCases.find((userCase) => userCase.deploysApp)!.spec.account)!;
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: APP, namespace: TEAM },
      spec: {
        replicas: 3,
        selector: { matchLabels: { app: APP } },
        template: {
          metadata: { labels: { app: APP } },
          spec: { terminationGracePeriodSeconds: 0, containers: [{ name: APP, image: IMAGE }] },
        },
      },
    };
    await kubectlOut(deployer.env, ['apply', '-f', '-'], JSON.stringify(deployment));
    teamPods = await until(
      "the app's three Pods bound and running",
      async () => {
        const items = JSON.parse(await adminKubectl(['get', 'pods', '-n', TEAM, '-l', `app=${APP}`, '-o', 'json'])).items as KubePod[];
        return (
          items.length === 3 && items.every((pod) => pod.spec.nodeName && pod.status.phase === 'Running' && pod.status.hostIP) && items
        );
      },
      120_000,
      500,
    );
    const [anatomyRun, health, check] = await Promise.all([
      runCli(cluster.kubeconfigPath, cluster.env, ['tree', '--json']),
      runCli(cluster.kubeconfigPath, cluster.env, ['health']),
      runCli(cluster.kubeconfigPath, cluster.env, ['check', '--json', '--wait', '0']),
    ]);
    assert.equal(anatomyRun.status, 0, shown(anatomyRun));
    const nodes = JSON.parse(await adminKubectl(['get', 'nodes', '-o', 'json'])).items as { metadata: { name: string } }[];
    admin = { anatomy: JSON.parse(anatomyRun.stdout), health, check, nodes: new Set(nodes.map((node) => node.metadata.name)) };
  });

  after(async () => {
    if (summary.length > 0) console.log(summary.join('\n').replace(/^/gm, '      | '));
    if (cluster) {
      await runKubectl(cluster.env, ['delete', 'deployment', APP, '-n', TEAM, '--wait=false', '--ignore-not-found']);
      await runKubectl(cluster.env, [
        'delete',
        'clusterrolebinding/team-viewer',
        'clusterrolebinding/team-pod-reader',
        'clusterrole/team-pod-reader',
        '--ignore-not-found',
      ]);
    }
    if (scratch && !process.env.CLUSTER_ANATOMY_KEEP_REAL_RUN) rmSync(scratch, { recursive: true, force: true });
  });

  describe('the admin', () => {
    it('tree --json hides nothing and has no standpoint: the admin path is unchanged', () => {
      const { anatomy } = admin;
      assert.equal(anatomy.hidden, undefined, JSON.stringify(anatomy.hidden));
      assert.equal(anatomy.standpoint, undefined);
      if (anatomy.access) assert.equal(anatomy.access.allowed, anatomy.access.total);
      assert.deepEqual(anatomy.unreadable, []);
      assert.ok(anatomy.nodes.length > 0);
    });

    it('health finds no problem on the healthy control plane (exit 0)', () => {
      assert.equal(admin.health.status, 0, shown(admin.health));
    });
  });

  for (const userCase of userCases) {
    describe(userCase.title, () => {
      let user: RbacUser;
      let standing: Standing;
      let tree: CliRun;
      let anatomy: ClusterAnatomy | undefined;

      const cliAs = (...args: string[]) => runCli(user.kubeconfigPath, user.env, args);
      let runs: Map<string, Promise<CliRun | undefined>>;
      /** One run of a command for the tests that read it. */
      const once = (key: string, make: () => Promise<CliRun | undefined>) => {
        let run = runs.get(key);
        if (!run) runs.set(key, (run = make()));
        return run;
      };
      const health = async () => (await once('health', () => cliAs('health')))!;
      const check = async () => (await once('check', () => cliAs('check', '--wait', '0')))!;
      const checkJson = async () => (await once('checkJson', () => cliAs('check', '--json', '--wait', '0')))!;
      /** Placement of one of the app's Pods, where kubectl says the user may read it. */
      const placement = () =>
        once('placement', async () =>
          (await canI(user, { verb: 'get', resource: 'pods', namespace: TEAM }))
            ? cliAs('placement', '--pod', `${TEAM}/${teamPods[0]!.metadata.name}`)
            : undefined,
        );
      const deniedOf = (ids: readonly string[]) => standing.denied.filter((id) => ids.includes(id));
      const refused = (id: string) =>
        standing.answers
          .get(id)!
          .filter((answer) => !answer.yes)
          .map((answer) => answer.question);
      /** The anatomy of `tree --json`; fails the test (with the run) when there is none. */
      const parsed = (): ClusterAnatomy => {
        assert.ok(anatomy, shown(tree));
        return anatomy;
      };
      /** The output names a permission kubectl refuses, for each of `ids` it refuses. */
      function assertNamesPermissions(run: CliRun, ids: readonly string[]): void {
        const text = run.stdout + run.stderr;
        for (const id of deniedOf(ids)) {
          const words = refused(id).map(permissionWords);
          assert.ok(
            words.some((phrase) => text.includes(phrase)),
            `${id} cannot be read (kubectl: ${refused(id).map(questionText).join('; ')} → no); the output names none of ${JSON.stringify(words)}\n${shown(run)}`,
          );
        }
      }
      /** Every needed permission's can-i line, run as the user with --context, says no unless its verdict is unknown. */
      async function assertNeedsSayNo(needs: readonly NeededPermission[], where: string): Promise<void> {
        for (const need of needs) {
          assert.ok(need.canI.startsWith('kubectl auth can-i '), `${where}: ${need.canI}`);
          assert.ok(need.verdict === 'denied' || need.verdict === 'unknown', `${where}: ${JSON.stringify(need)}`);
          if (need.verdict === 'unknown') continue;
          const args = [...need.canI.split(' ').slice(1), '--context', user.context];
          const result = await runKubectl(user.env, args);
          assert.equal(
            result.stdout.trim(),
            'no',
            `${where}: ${need.canI} --context ${user.context} said ${result.stdout.trim()} ${result.stderr}`,
          );
        }
      }

      before(async () => {
        user = users.get(userCase.spec.account)!;
        runs = new Map();
        standing = await standingOf(user);
        tree = await cliAs('tree', '--json');
        try {
          anatomy = JSON.parse(tree.stdout) as ClusterAnatomy;
        } catch {
          anatomy = undefined;
        }
        summary.push(
          `${user.username} (context ${user.context}, namespace ${user.contextNamespace ?? 'none'}): kubectl refuses ${standing.denied.join(', ') || 'nothing'}`,
        );
      });

      it('kubectl auth can-i --list (context, kube-system, team, kube-node-lease, default) agrees with each can-i question', () => {
        for (const id of readIds) {
          for (const { question, yes } of standing.answers.get(id)!) {
            // The rules review of a namespace mixes that namespace's Roles in: cluster-scoped questions and paths are
            // read from kube-system's, where none of these users has a Role.
            const table = standing.lists.get(question.namespace ?? 'kube-system')!;
            assert.equal(
              listAllows(parseCanIList(table), question),
              yes,
              `${id}: ${questionText(question)} said ${yes ? 'yes' : 'no'}\n${table}`,
            );
          }
        }
      });

      it('tree --json: exits 0 with the anatomy, never "Cannot read context"', () => {
        assertReadable(tree);
        assert.equal(tree.status, 0, shown(tree));
        parsed();
      });

      it('hidden: exactly the reads kubectl refuses, each with its permissions', () => {
        const hidden = parsed().hidden ?? [];
        const expected = standing.denied;
        const answers = readIds.map(
          (id) =>
            `${id}: ${standing.answers
              .get(id)!
              .map(({ question, yes }) => `${questionText(question)} → ${yes ? 'yes' : 'no'}`)
              .join('; ')}`,
        );
        assert.deepEqual(
          hidden.map((read) => read.id).sort(),
          [...expected].sort(),
          `hidden ${JSON.stringify(hidden.map((read) => read.id))}; kubectl:\n${answers.join('\n')}`,
        );
        for (const read of hidden as readonly HiddenRead[]) {
          assert.ok(readIds.includes(read.id), read.id);
          for (const field of ['what', 'resource', 'reason'] as const) assert.equal(typeof read[field], 'string', `${read.id}.${field}`);
          assert.ok(read.needs.length > 0, `${read.id} needs nothing`);
          for (const need of read.needs) {
            for (const field of ['text', 'verb', 'resource', 'canI', 'verdict'] as const)
              assert.equal(typeof need[field], 'string', `${read.id}.needs.${field}: ${JSON.stringify(need)}`);
          }
          // What it needs is what kubectl refuses: each refused question is among the needs.
          for (const question of refused(read.id)) {
            assert.ok(
              read.needs.some(
                (need) => need.verb === question.verb && need.resource === question.resource && need.namespace === question.namespace,
              ),
              `${read.id}: ${questionText(question)} says no, and is not among ${JSON.stringify(read.needs)}`,
            );
          }
        }
      });

      it("every hidden need's can-i line, run as the user with --context, says no", async () => {
        const current = parsed();
        for (const read of current.hidden ?? []) await assertNeedsSayNo(read.needs, `hidden ${read.id}`);
        for (const namespace of current.standpoint?.namespaces ?? [])
          if (namespace.hidden) await assertNeedsSayNo(namespace.hidden.needs, `standpoint namespace ${namespace.name}`);
      });

      it('access: how many of the reads the server allows, as kubectl answers them', () => {
        assert.deepEqual(parsed().access, { allowed: readIds.length - standing.denied.length, total: readIds.length });
      });

      it("unreadable: each entry says it is forbidden, and none is shown as absent or hosted that the admin's is not", () => {
        const current = parsed();
        for (const entry of current.unreadable) assert.equal(entry.kind, 'forbidden', JSON.stringify(entry));
        assert.equal(current.nothingRead, undefined, JSON.stringify(current.nothingRead));
        assert.notEqual(current.controlPlane.mode, 'hosted', JSON.stringify(current.controlPlane));
        const adminAbsent = new Set(admin.anatomy.absent.map((entry) => `${entry.component} ${entry.reasonCode}`));
        const extra = current.absent.filter((entry) => !adminAbsent.has(`${entry.component} ${entry.reasonCode}`));
        assert.deepEqual(extra, [], 'absent for this user but present for the admin');
      });

      it("kube-system's workloads and Services the user may read are all there, as the admin sees them", () => {
        const kinds: Record<string, string> = { daemonSets: 'DaemonSet', deployments: 'Deployment', services: 'Service' };
        for (const [id, kind] of Object.entries(kinds)) {
          if (standing.denied.includes(id)) continue;
          const names = (of: ClusterAnatomy) =>
            of.addons
              .filter((addon) => addon.kind === kind)
              .map((addon) => `${addon.namespace}/${addon.name}`)
              .sort();
          assert.deepEqual(names(parsed()), names(admin.anatomy), `${kind}s (kubectl: the user may list them)`);
        }
      });

      it('standpoint: present when Nodes or kube-system Pods are hidden, with the server, its discovery and the namespace in view', async () => {
        const current = parsed();
        const limited = standing.denied.includes('nodes') || standing.denied.includes('pods');
        if (!limited) {
          assert.equal(current.standpoint, undefined);
          return;
        }
        const standpoint = current.standpoint;
        assert.ok(standpoint, 'no standpoint');
        assert.equal(standpoint.apiServer.server, cluster.controlPlane.server);
        const version = JSON.parse(await kubectlOut(user.env, ['get', '--raw', '/version'])).gitVersion as string;
        assert.equal(standpoint.apiServer.version, version);
        const apis = JSON.parse(await kubectlOut(user.env, ['get', '--raw', '/apis'])).groups as { name: string }[];
        assert.deepEqual(
          (standpoint.apiServer.groups ?? []).map((group) => group.name).sort(),
          ['', ...apis.map((group) => group.name)].sort(),
        );
        const clusterInfo = await runKubectl(user.env, ['get', 'configmap', 'cluster-info', '-n', 'kube-public', '-o', 'json']);
        if (clusterInfo.status !== 0) assert.equal(standpoint.apiServer.clusterInfo, null, clusterInfo.stderr);
        else assert.ok(standpoint.apiServer.clusterInfo, 'kubectl reads kube-public/cluster-info');
        assert.deepEqual(
          standpoint.namespaces.map((namespace) => namespace.name),
          [user.contextNamespace ?? 'default'],
        );
      });

      it("standpoint: the namespace's Pods as kubectl lists them for the user, and the nodes they run on", async () => {
        const standpoint = parsed().standpoint;
        if (!standpoint) {
          assert.ok(!standing.denied.includes('nodes') && !standing.denied.includes('pods'), 'no standpoint');
          return;
        }
        const expectedNodes = new Map<string, { hostIP: string | null; pods: string[] }>();
        for (const namespace of standpoint.namespaces) {
          const listed = await runKubectl(user.env, ['get', 'pods', '-n', namespace.name, '-o', 'json']);
          if (listed.status !== 0) {
            assert.equal(namespace.pods, null, `kubectl cannot list Pods in ${namespace.name}: ${listed.stderr}`);
            assert.ok(namespace.hidden, `Pods in ${namespace.name}: hidden, with what would show them`);
            assert.ok(
              namespace.hidden.needs.some((need) => need.verb === 'list' && need.resource === 'pods' && need.namespace === namespace.name),
              JSON.stringify(namespace.hidden),
            );
            continue;
          }
          const items = JSON.parse(listed.stdout).items as KubePod[];
          assert.ok(namespace.pods, `kubectl lists the Pods in ${namespace.name}; the standpoint has none`);
          assert.deepEqual(
            namespace.pods.map((pod) => [pod.name, pod.nodeName, pod.hostIP]).sort(),
            items.map((pod) => [pod.metadata.name, pod.spec.nodeName ?? null, pod.status.hostIP ?? null]).sort(),
          );
          for (const pod of items) {
            if (!pod.spec.nodeName) continue;
            let node = expectedNodes.get(pod.spec.nodeName);
            if (!node) expectedNodes.set(pod.spec.nodeName, (node = { hostIP: pod.status.hostIP ?? null, pods: [] }));
            node.pods.push(`${namespace.name}/${pod.metadata.name}`);
          }
        }
        // Every inferred node is a node of the cluster, and each Pod named on it runs there (the admin's kubectl says).
        const allPods = JSON.parse(await adminKubectl(['get', 'pods', '-A', '-o', 'json'])).items as (KubePod & {
          metadata: { namespace: string };
        })[];
        const nodeOf = new Map(allPods.map((pod) => [`${pod.metadata.namespace}/${pod.metadata.name}`, pod.spec.nodeName]));
        for (const node of standpoint.nodes) {
          assert.ok(admin.nodes.has(node.name), `${node.name} is not a node of the cluster`);
          for (const pod of node.pods) assert.equal(nodeOf.get(pod), node.name, `${pod} on ${node.name}`);
        }
        // The nodes of the Pods in view are all there, with status.hostIP and each of those Pods.
        for (const [name, expected] of expectedNodes) {
          const node: InferredNode | undefined = standpoint.nodes.find((candidate) => candidate.name === name);
          assert.ok(
            node,
            `${name} runs ${expected.pods.join(', ')}; the standpoint infers ${JSON.stringify(standpoint.nodes.map((n) => n.name))}`,
          );
          assert.equal(node.hostIP, expected.hostIP, name);
          for (const pod of expected.pods) assert.ok(node.pods.includes(pod), `${pod} on ${name}: ${JSON.stringify(node.pods)}`);
        }
        if (userCase.exactNodes) {
          // Only the app's Pods are in view: the nodes are exactly their spec.nodeName, as kubectl lists them.
          const listed = JSON.parse(await kubectlOut(user.env, ['get', 'pods', '-n', TEAM, '-o', 'json'])).items as KubePod[];
          assert.deepEqual(standpoint.nodes.map((node) => node.name).sort(), [...new Set(listed.map((pod) => pod.spec.nodeName!))].sort());
          assert.ok(standpoint.nodes.length > 0);
        }
      });

      it("kube-system's Pods the user may list are all in the anatomy, when kubectl says the user may list them", async () => {
        if (standing.denied.includes('pods')) return;
        const listed = JSON.parse(await kubectlOut(user.env, ['get', 'pods', '-n', 'kube-system', '-o', 'json'])).items as KubePod[];
        const text = JSON.stringify(parsed());
        const missing = listed.map((pod) => pod.metadata.name).filter((name) => !text.includes(JSON.stringify(name)));
        assert.deepEqual(missing, [], `of ${listed.length} Pods kubectl lists in kube-system`);
      });

      it('tree and diagram: exit 0, and never show a hidden cluster as empty or hosted', async () => {
        const limitedNodes = standing.denied.includes('nodes');
        for (const args of [['tree'], ['diagram', '--svg', '-']]) {
          const run = await cliAs(...args);
          assertReadable(run);
          assert.equal(run.status, 0, shown(run));
          if (args[0] === 'diagram') assert.match(run.stdout, /^(<\?xml[^>]*>\s*)?<svg[\s>]/, shown(run));
          if (limitedNodes) assert.doesNotMatch(run.stdout, /managed by the provider|0 workers/i, shown(run));
        }
      });

      it('health: exit 4 when nothing is wrong but not everything could be checked, never "Cannot read context"', async () => {
        const run = await health();
        assertReadable(run);
        const expected = deniedOf(healthReads).length > 0 ? 4 : 0;
        assert.equal(run.status, expected, `kubectl refuses ${deniedOf(healthReads).join(', ') || 'nothing health reads'}\n${shown(run)}`);
      });

      it('health: names each part it could not check with the permission it needs', async () => {
        assertNamesPermissions(await health(), healthReads);
      });

      it('check --wait 0: exit 4 when nothing is wrong but not every step could be checked, never "Cannot read context"', async () => {
        const run = await check();
        assertReadable(run);
        const expected = deniedOf(checkReads).length > 0 ? 4 : admin.check.status;
        assert.equal(run.status, expected, `kubectl refuses ${deniedOf(checkReads).join(', ') || 'nothing check reads'}\n${shown(run)}`);
      });

      it('check --wait 0: names each step it could not check with the permission it needs', async () => {
        assertNamesPermissions(await check(), checkReads);
      });

      it('check --json --wait 0: no finding fails for the user that holds for the admin (what is hidden is never a problem)', async () => {
        const run = await checkJson();
        assertReadable(run);
        const report = (text: string) => JSON.parse(text) as HandsOnReport;
        const key = (step: string, finding: Finding) => `${step} ${finding.code} ${finding.subject ?? ''}`;
        const adminFails = new Set(
          report(admin.check.stdout).steps.flatMap((step) =>
            step.findings.filter((finding) => finding.outcome === 'fails').map((finding) => key(step.id, finding)),
          ),
        );
        let steps: HandsOnReport['steps'];
        try {
          steps = report(run.stdout).steps;
        } catch {
          assert.fail(shown(run));
        }
        const extra = steps.flatMap((step) =>
          step.findings
            .filter((finding) => finding.outcome === 'fails' && !adminFails.has(key(step.id, finding)))
            .map((finding) => `${key(step.id, finding)}: ${(finding as Finding & { text?: string }).text ?? finding.reason}`),
        );
        assert.deepEqual(extra, [], `kubectl refuses ${deniedOf(checkReads).join(', ')}`);
      });

      it('placement --pod team/<an app Pod>: judges what it can, never "Cannot read context" nor a failure', async function () {
        const run = await placement();
        if (!run) return this.skip();
        assertReadable(run);
        assert.ok(run.status !== 1 && run.status !== 2, shown(run));
      });

      it('placement --pod team/<an app Pod>: says which filters it cannot judge, with the permission it needs', async function () {
        const run = await placement();
        if (!run) return this.skip();
        const text = run.stdout + run.stderr;
        for (const question of placementQuestions) {
          if (await canI(user, question)) continue;
          assert.ok(
            text.includes(permissionWords(question)),
            `${questionText(question)} says no; the output does not name it\n${shown(run)}`,
          );
        }
      });

      if (userCase.deploysApp) {
        it("the demo's restricted learner (team-dev) sees what this user sees on the real server", async () => {
          const real = parsed();
          const demo = await startDemo();
          try {
            const run = await runCli(demo.kubeconfigPath, demo.env, ['tree', '--json', '--context', 'team-dev']);
            assert.equal(run.status, 0, shown(run));
            const learner = JSON.parse(run.stdout) as ClusterAnatomy;
            const picture = (anatomy: ClusterAnatomy) => ({
              hidden: anatomy.hidden?.map((read) => [read.id, read.needs.map((need) => `${need.text} ${need.verdict}`)]),
              access: anatomy.access,
              mode: anatomy.controlPlane.mode,
              nodes: anatomy.nodes.length,
              absent: anatomy.absent.length,
              nothingRead: anatomy.nothingRead,
              namespaces: anatomy.standpoint?.namespaces.map((namespace) => [namespace.name, namespace.pods !== null]),
              // The nodes are those of the namespace's Pods, each inferred from them.
              nodesArePodsNodes:
                JSON.stringify(anatomy.standpoint?.nodes.map((node) => node.name).sort()) ===
                JSON.stringify(
                  [
                    ...new Set(anatomy.standpoint?.namespaces.flatMap((namespace) => namespace.pods ?? []).map((pod) => pod.nodeName)),
                  ].sort(),
                ),
              workloads: [
                ...new Set(anatomy.standpoint?.namespaces.flatMap((namespace) => namespace.pods ?? []).map((pod) => pod.workload)),
              ],
              actors: [
                ...new Set(
                  anatomy.standpoint?.namespaces
                    .flatMap((namespace) => namespace.pods ?? [])
                    .flatMap((pod) =>
                      pod.actors.filter((actor) => actor.via === 'event').map((actor) => `${actor.component} ${actor.what}`),
                    ),
                ),
              ]
                // The real tier's node agent is not kubelet and reports no Events of its own; the scheduler's are real.
                .filter((actor) => actor === 'kube-scheduler Scheduled')
                .sort(),
            });
            assert.deepEqual(picture(learner), picture(real));
          } finally {
            await demo.stop();
          }
        });
      }

      if (userCase.spec.contextNamespace === null) {
        it('tree --json --namespace team: the namespace given is the one in view', async () => {
          const run = await cliAs('tree', '--json', '--namespace', TEAM);
          assertReadable(run);
          assert.equal(run.status, 0, shown(run));
          const standpoint = (JSON.parse(run.stdout) as ClusterAnatomy).standpoint;
          assert.ok(standpoint, shown(run));
          assert.deepEqual(
            standpoint.namespaces.map((namespace) => namespace.name),
            [TEAM],
          );
          const [namespace] = standpoint.namespaces;
          if (await canI(user, { verb: 'list', resource: 'pods', namespace: TEAM })) assert.ok(namespace!.pods);
          else {
            assert.equal(namespace!.pods, null);
            assert.ok(namespace!.hidden, JSON.stringify(namespace));
            await assertNeedsSayNo(namespace!.hidden.needs, `standpoint namespace ${TEAM}`);
          }
        });
      }
    });
  }
});
