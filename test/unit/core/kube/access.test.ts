// The access model against the demo's own authorization over real HTTPS, and against a server that answers
// the reviews badly.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { collections } from '../../../../src/core/anatomy/session/collections';
import { resolveClientConfig } from '../../../../src/core/anatomy/snapshot';
import {
  type AccessCheck,
  anatomyReads,
  type CheckAnswer,
  ContextAccess,
  missingChecks,
  rulesVerdict,
} from '../../../../src/core/kube/access';
import { canILine } from '../../../../src/core/kube/apiErrorText';
import { KubeApi, KubeApiError } from '../../../../src/core/kube/kubeApi';
import { type RunningDemo, startDemo } from '../../../support/demo';
import { type HostileServer, sendJson, startHostileServer, statusBody } from '../../../support/hostileServer';

const ACCESS_REVIEWS = '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews';
const RULES_REVIEWS = '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews';

const allChecks = (access: Awaited<ReturnType<ContextAccess['snapshot']>>): CheckAnswer[] =>
  [...access.reads.values()].flatMap((read) => read.checks);

describe('the reads the access model asks about', () => {
  it('cover every collection the session watches, list and watch, with the group and namespace of its path', () => {
    for (const [id, collection] of Object.entries(collections)) {
      const read = anatomyReads.find((candidate) => candidate.id === id);
      assert.ok(read, `a read for the collection ${id}`);
      const match = /^\/(?:api\/v1|apis\/([^/]+)\/[^/]+)(?:\/namespaces\/([^/]+))?\/([^/]+)$/.exec(collection.path);
      assert.ok(match, collection.path);
      const expected = ['list', 'watch'].map((verb) => ({
        verb,
        resource: match[3],
        group: match[1] ?? '',
        ...(match[2] !== undefined && { namespace: match[2] }),
      }));
      assert.deepEqual(read.checks, expected, id);
      assert.equal(read.checks[0]!.resource, collection.resource);
    }
  });

  it('word the kubectl auth can-i line of each check', () => {
    const line = (check: AccessCheck) => canILine(check);
    assert.equal(line({ verb: 'list', resource: 'nodes', group: '' }), 'kubectl auth can-i list nodes');
    assert.equal(
      line({ verb: 'watch', resource: 'pods', group: '', namespace: 'kube-system' }),
      'kubectl auth can-i watch pods -n kube-system',
    );
    assert.equal(
      line({ verb: 'list', resource: 'deployments', group: 'apps', namespace: 'kube-system' }),
      'kubectl auth can-i list deployments.apps -n kube-system',
    );
    assert.equal(
      line({ verb: 'get', resource: 'pods/log', group: '', namespace: 'team' }),
      'kubectl auth can-i get pods --subresource=log -n team',
    );
    assert.equal(line({ verb: 'get', path: '/readyz' }), 'kubectl auth can-i get /readyz');
  });
});

describe('the access model on the demo cluster', function () {
  this.timeout(60_000);
  let demo: RunningDemo;
  let api: KubeApi;

  before(async () => {
    demo = await startDemo();
    const { config } = await resolveClientConfig({ kubeconfig: demo.kubeconfigPath, env: demo.env });
    api = new KubeApi(config);
  });
  after(() => demo.stop());
  afterEach(() => {
    demo.cluster.control.allow('nodes');
    demo.cluster.control.allow('pods', 'kube-system');
    demo.cluster.control.allow('/readyz');
  });

  it('finds every read allowed while the demo forbids nothing', async () => {
    const snapshot = await new ContextAccess(api).snapshot();
    assert.deepEqual(
      [...snapshot.reads.keys()],
      anatomyReads.map((read) => read.id),
    );
    for (const check of allChecks(snapshot)) assert.equal(check.verdict, 'allowed', check.canI);
  });

  it('says denied for exactly the reads the demo forbids, with the can-i lines that check them', async () => {
    demo.cluster.control.forbid('nodes');
    demo.cluster.control.forbid('pods', 'kube-system');
    const snapshot = await new ContextAccess(api).snapshot();
    const denied = allChecks(snapshot)
      .filter((check) => check.verdict !== 'allowed')
      .map((check) => [check.verdict, check.canI]);
    assert.deepEqual(denied, [
      ['denied', 'kubectl auth can-i list nodes'],
      ['denied', 'kubectl auth can-i watch nodes'],
      ['denied', 'kubectl auth can-i list pods -n kube-system'],
      ['denied', 'kubectl auth can-i watch pods -n kube-system'],
    ]);
    assert.equal(snapshot.reads.get('nodes')!.verdict, 'denied');
    assert.equal(snapshot.reads.get('pods')!.verdict, 'denied');
    assert.deepEqual(
      missingChecks(snapshot.reads.get('pods')!).map(({ verb, resource, group, namespace }) => ({ verb, resource, group, namespace })),
      [
        { verb: 'list', resource: 'pods', group: '', namespace: 'kube-system' },
        { verb: 'watch', resource: 'pods', group: '', namespace: 'kube-system' },
      ],
    );
    // The demo refuses exactly these reads.
    await assert.rejects(api.list('/api/v1/nodes', 'Nodes'), (error: KubeApiError) => error.kind === 'forbidden');
    await assert.rejects(api.list('/api/v1/namespaces/kube-system/pods', 'Pods'), (error: KubeApiError) => error.kind === 'forbidden');
    await api.list('/apis/apps/v1/namespaces/kube-system/deployments', 'Deployments');
  });

  it('agrees with the real kubectl auth can-i, run as the model words it, on every check', async () => {
    demo.cluster.control.forbid('nodes');
    demo.cluster.control.forbid('pods', 'kube-system');
    demo.cluster.control.forbid('/readyz');
    const snapshot = await new ContextAccess(api).snapshot();
    // kubectl sends its reviews as protobuf, and the demo decodes them.
    const kubectl = (args: string[]) =>
      new Promise<string>((resolve) => execFile('kubectl', args, { env: demo.env }, (_error, stdout) => resolve(stdout.trim())));
    for (const check of allChecks(snapshot)) {
      const answer = await kubectl(check.canI.split(' ').slice(1));
      assert.equal(answer, check.verdict === 'allowed' ? 'yes' : 'no', `${check.canI}: the model says ${check.verdict}`);
    }
    assert.equal(snapshot.reads.get('readyz')!.verdict, 'denied');
  });

  it('asks once, and again on refresh() or after a 403, seeing what changed', async () => {
    const access = new ContextAccess(api);
    const first = await access.snapshot();
    assert.equal(await access.snapshot(), first, 'the same answers, not asked again');
    demo.cluster.control.forbid('/readyz');
    assert.equal((await access.snapshot()).reads.get('readyz')!.verdict, 'allowed', 'not asked again before a refresh');
    let refused: unknown;
    await api.getText('/readyz').catch((error: unknown) => (refused = error));
    assert.ok(refused instanceof KubeApiError && refused.kind === 'forbidden');
    const after = await access.afterError(refused);
    assert.ok(after);
    assert.equal(after.reads.get('readyz')!.verdict, 'denied');
    assert.equal(after.reads.get('readyz')!.checks[0]!.canI, 'kubectl auth can-i get /readyz');
    assert.equal(after.reads.get('livez')!.verdict, 'allowed');
    assert.equal(access.current, after);
    assert.equal(access.afterError(new KubeApiError('timeout', 'slow')), undefined, 'only a 403 asks again');
    demo.cluster.control.allow('/readyz');
    const refreshing = access.refresh();
    assert.equal(access.refresh(), refreshing, 'a refresh under way is joined');
    assert.equal((await refreshing).reads.get('readyz')!.verdict, 'allowed');
    const again = access.refresh();
    assert.notEqual(again, refreshing, 'a settled refresh is not');
    await again;
  });

  it('reads the rules of a namespace as the demo would enforce them', async () => {
    const access = new ContextAccess(api);
    const open = await access.rules('team');
    assert.ok(open.known);
    assert.equal(open.incomplete, false);
    assert.equal(rulesVerdict(open, { verb: 'list', resource: 'nodes', group: '' }), 'allowed');
    demo.cluster.control.forbid('pods', 'kube-system');
    demo.cluster.control.forbid('nodes');
    assert.equal(await access.rules('kube-system'), await access.rules('kube-system'), 'asked once per namespace');
    const system = await access.rules('kube-system');
    assert.ok(system.known);
    assert.equal(system.incomplete, true, 'a list of denials cannot be listed as complete rules');
    assert.equal(rulesVerdict(system, { verb: 'list', resource: 'pods', group: '', namespace: 'kube-system' }), 'unknown');
    assert.equal(rulesVerdict(system, { verb: 'list', resource: 'nodes', group: '' }), 'unknown');
    assert.equal(rulesVerdict(system, { verb: 'watch', resource: 'deployments', group: 'apps', namespace: 'kube-system' }), 'allowed');
    assert.equal(rulesVerdict(system, { verb: 'get', resource: 'pods/log', group: '', namespace: 'kube-system' }), 'unknown');
    assert.equal(rulesVerdict(system, { verb: 'get', path: '/readyz' }), 'allowed');
    // In another namespace, Pods are allowed: the denial is kube-system's alone.
    const team = await access.rules('team');
    assert.equal(team, open, 'kept until refresh');
    await access.refresh();
    const teamAgain = await access.rules('team');
    assert.ok(teamAgain.known);
    assert.equal(rulesVerdict(teamAgain, { verb: 'list', resource: 'pods', group: '', namespace: 'team' }), 'allowed');
    assert.equal(rulesVerdict(teamAgain, { verb: 'list', resource: 'nodes', group: '' }), 'unknown');
  });

  it('answers the reviews as the real server does: 201, the spec echoed, 422 for a review that asks nothing', async () => {
    const review = await api.write('POST', ACCESS_REVIEWS, 'review', {
      json: {
        kind: 'SelfSubjectAccessReview',
        apiVersion: 'authorization.k8s.io/v1',
        spec: { resourceAttributes: { verb: 'list', resource: 'nodes' } },
      },
      contentType: 'application/json',
    });
    assert.deepEqual((review as { spec: unknown }).spec, { resourceAttributes: { verb: 'list', resource: 'nodes' } });
    assert.equal((review as { status: { allowed: boolean } }).status.allowed, true);
    await assert.rejects(
      api.write('POST', ACCESS_REVIEWS, 'review', { json: { kind: 'SelfSubjectAccessReview', spec: {} }, contentType: 'application/json' }),
      (error: KubeApiError) => error.statusCode === 422 && /exactly one of nonResourceAttributes or resourceAttributes/.test(error.message),
    );
    await assert.rejects(api.getJson(ACCESS_REVIEWS), (error: KubeApiError) => error.statusCode === 405);
  });
});

describe('the access model on a server that answers the reviews badly', () => {
  let hostile: HostileServer;
  let api: KubeApi;

  before(async () => {
    hostile = await startHostileServer();
    api = new KubeApi(await hostile.clientConfig(), { timeoutMs: 2_000 });
  });
  after(() => hostile.close());

  /** Answers each access review with `answer(spec)`, and counts the reviews in flight. */
  function scriptReviews(answer: (response: ServerResponse, attributes: Record<string, unknown>) => void): { peak: () => number } {
    let inFlight = 0;
    let peak = 0;
    hostile.script(ACCESS_REVIEWS, ({ response }) => {
      const request = (response as ServerResponse & { req: NodeJS.ReadableStream }).req;
      const chunks: Buffer[] = [];
      inFlight++;
      peak = Math.max(peak, inFlight);
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        setTimeout(() => {
          inFlight--;
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          answer(response, body.spec.resourceAttributes ?? body.spec.nonResourceAttributes);
        }, 20);
      });
    });
    return { peak: () => peak };
  }

  it('counts a refused, failing, non-JSON or status-less review as unknown, never as allowed', async () => {
    const answers: ((response: ServerResponse) => void)[] = [
      (response) => sendJson(response, 403, statusBody(403, 'Forbidden', 'selfsubjectaccessreviews is forbidden')),
      (response) => sendJson(response, 500, statusBody(500, 'InternalError', 'boom')),
      (response) => {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<html>allowed</html>');
      },
      (response) => sendJson(response, 201, { kind: 'SelfSubjectAccessReview' }),
      (response) => sendJson(response, 201, { status: { allowed: 'yes' } }),
      (response) => sendJson(response, 201, { status: { allowed: true, denied: true } }),
      (response) => sendJson(response, 201, ['allowed']),
      (response) => response.destroy(),
    ];
    for (const [index, answer] of answers.entries()) {
      scriptReviews((response) => answer(response));
      const snapshot = await new ContextAccess(api, { reads: anatomyReads.slice(0, 1) }).snapshot();
      for (const check of allChecks(snapshot)) {
        assert.equal(check.verdict, 'unknown', `answer ${index}: ${JSON.stringify(check)}`);
        assert.ok(check.reason, `answer ${index} says why`);
      }
      assert.equal(snapshot.reads.get('nodes')!.verdict, 'unknown');
    }
    scriptReviews((response) => sendJson(response, 403, statusBody(403, 'Forbidden', 'no reviews for you')));
    const refused = await new ContextAccess(api, { reads: anatomyReads.slice(0, 1) }).snapshot();
    assert.match(refused.reads.get('nodes')!.checks[0]!.reason!, /^the review is not permitted: no reviews for you/);
  });

  it('reads an explicit denial, and a denial beside an allowed read as a denied read', async () => {
    scriptReviews((response, attributes) =>
      sendJson(response, 201, {
        status: attributes.verb === 'watch' ? { allowed: false, denied: true, reason: 'no watching' } : { allowed: true },
      }),
    );
    const snapshot = await new ContextAccess(api, { reads: anatomyReads.slice(0, 1) }).snapshot();
    const nodes = snapshot.reads.get('nodes')!;
    assert.equal(nodes.verdict, 'denied');
    assert.deepEqual(
      nodes.checks.map((check) => [check.verb, check.verdict, check.reason]),
      [
        ['list', 'allowed', undefined],
        ['watch', 'denied', 'no watching'],
      ],
    );
  });

  it('asks concurrently, never more than the bound at once', async () => {
    const { peak } = scriptReviews((response) => sendJson(response, 201, { status: { allowed: true } }));
    const before = hostile.count(ACCESS_REVIEWS);
    const snapshot = await new ContextAccess(api, { concurrency: 3 }).snapshot();
    const checks = anatomyReads.reduce((sum, read) => sum + read.checks.length, 0);
    assert.equal(hostile.count(ACCESS_REVIEWS) - before, checks, 'one review per check');
    assert.equal(peak(), 3);
    assert.ok(allChecks(snapshot).every((check) => check.verdict === 'allowed'));
  });

  it('takes rules that are not rules as unknown, and an evaluation error as incomplete', async () => {
    const answers: [unknown, boolean][] = [
      [{ status: { resourceRules: 'everything' } }, false],
      [{ status: { resourceRules: [{ verbs: '*' }] } }, false],
      [{ status: { resourceRules: [], incomplete: 'no' } }, false],
      [{ kind: 'SelfSubjectRulesReview' }, false],
      [
        { status: { resourceRules: [{ verbs: ['list'], apiGroups: [''], resources: ['pods'] }], evaluationError: 'a binding is broken' } },
        true,
      ],
    ];
    for (const [body, known] of answers) {
      hostile.script(RULES_REVIEWS, ({ response }) => sendJson(response, 201, body));
      const rules = await new ContextAccess(api).rules('team');
      assert.equal(rules.known, known, JSON.stringify(body));
      assert.equal(rulesVerdict(rules, { verb: 'watch', resource: 'pods', group: '', namespace: 'team' }), 'unknown');
      if (rules.known) {
        assert.equal(rules.incomplete, true);
        assert.equal(rulesVerdict(rules, { verb: 'list', resource: 'pods', group: '', namespace: 'team' }), 'allowed');
      }
    }
  });

  it('matches rules as RBAC does: verbs, groups, resources, subresources, names and paths', async () => {
    hostile.script(RULES_REVIEWS, ({ response }) =>
      sendJson(response, 201, {
        status: {
          resourceRules: [
            { verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments', '*/scale'] },
            { verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['settings'] },
          ],
          nonResourceRules: [{ verbs: ['get'], nonResourceURLs: ['/readyz', '/livez/*'] }],
          incomplete: false,
        },
      }),
    );
    const rules = await new ContextAccess(api).rules('team');
    const verdict = (check: AccessCheck & { name?: string }) => rulesVerdict(rules, check);
    assert.equal(verdict({ verb: 'list', resource: 'deployments', group: 'apps', namespace: 'team' }), 'allowed');
    assert.equal(verdict({ verb: 'watch', resource: 'deployments', group: 'apps', namespace: 'team' }), 'denied');
    assert.equal(verdict({ verb: 'list', resource: 'deployments', group: 'extensions', namespace: 'team' }), 'denied');
    assert.equal(verdict({ verb: 'get', resource: 'deployments/scale', group: 'apps', namespace: 'team' }), 'allowed');
    assert.equal(verdict({ verb: 'get', resource: 'deployments/status', group: 'apps', namespace: 'team' }), 'denied');
    assert.equal(verdict({ verb: 'get', resource: 'configmaps', group: '', namespace: 'team', name: 'settings' }), 'allowed');
    assert.equal(verdict({ verb: 'get', resource: 'configmaps', group: '', namespace: 'team', name: 'other' }), 'denied');
    assert.equal(verdict({ verb: 'get', resource: 'configmaps', group: '', namespace: 'team' }), 'denied');
    assert.equal(verdict({ verb: 'get', path: '/readyz' }), 'allowed');
    assert.equal(verdict({ verb: 'get', path: '/readyz/etcd' }), 'denied');
    assert.equal(verdict({ verb: 'get', path: '/livez/etcd' }), 'allowed');
  });
});
