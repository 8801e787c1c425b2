// The demo's RBAC evaluator on its own: bindings resolved by subject as the RBAC authorizer resolves them, and the
// rules matched by the core's matcher (verbs, groups, resources and subresources, names, paths).
import * as assert from 'node:assert/strict';
import { demoPolicy, type Policy, RbacAuthorizer, restrictedUser, serviceAccountUser, type UserInfo } from '../../../src/demo/rbac';

const anonymous: UserInfo = { name: 'system:anonymous', groups: ['system:unauthenticated'] };

describe("the demo's RBAC evaluator", () => {
  const dev = new RbacAuthorizer(demoPolicy, restrictedUser);
  const allowed = (authorizer: RbacAuthorizer, attributes: Parameters<RbacAuthorizer['decide']>[0]) =>
    authorizer.decide(attributes).allowed;

  it('authenticates the ServiceAccount as its username, with its groups', () => {
    assert.deepEqual(restrictedUser, {
      name: 'system:serviceaccount:team:dev',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:team', 'system:authenticated'],
    });
  });

  it('grants the Role in its namespace only, and never across all namespaces', () => {
    for (const verb of ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete']) {
      assert.ok(allowed(dev, { verb, group: '', resource: 'pods', namespace: 'team' }), verb);
      assert.ok(allowed(dev, { verb, group: 'apps', resource: 'deployments', namespace: 'team' }), verb);
      assert.ok(allowed(dev, { verb, group: 'events.k8s.io', resource: 'events', namespace: 'team' }), verb);
    }
    assert.ok(!allowed(dev, { verb: 'deletecollection', group: '', resource: 'pods', namespace: 'team' }));
    assert.ok(!allowed(dev, { verb: 'list', group: '', resource: 'pods', namespace: 'default' }));
    assert.ok(!allowed(dev, { verb: 'list', group: '', resource: 'pods' }), 'all namespaces is cluster scope');
    assert.ok(!allowed(dev, { verb: 'list', group: 'apps', resource: 'daemonsets', namespace: 'team' }));
    assert.ok(!allowed(dev, { verb: 'list', group: 'extensions', resource: 'deployments', namespace: 'team' }), 'the group counts');
  });

  it('matches subresources as RBAC does: pods/log is granted, pods/exec and deployments/scale are not', () => {
    assert.ok(allowed(dev, { verb: 'get', group: '', resource: 'pods', subresource: 'log', name: 'app-1', namespace: 'team' }));
    assert.ok(!allowed(dev, { verb: 'create', group: '', resource: 'pods', subresource: 'log', namespace: 'team' }));
    assert.ok(!allowed(dev, { verb: 'get', group: '', resource: 'pods', subresource: 'exec', namespace: 'team' }));
    assert.ok(!allowed(dev, { verb: 'patch', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: 'team' }));
  });

  it('grants the paths of system:discovery and system:public-info-viewer, exactly as listed', () => {
    for (const path of ['/api', '/api/v1', '/apis/apps/v1', '/openapi/v3', '/version', '/version/', '/readyz', '/livez', '/healthz'])
      assert.ok(allowed(dev, { verb: 'get', path }), path);
    for (const path of ['/readyz/etcd', '/livez/ping', '/metrics', '/logs']) assert.ok(!allowed(dev, { verb: 'get', path }), path);
    assert.ok(!allowed(dev, { verb: 'post', path: '/api' }));
  });

  it('lets every authenticated user create the self-reviews (system:basic-user), nothing else cluster-wide', () => {
    for (const resource of ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'])
      assert.ok(allowed(dev, { verb: 'create', group: 'authorization.k8s.io', resource }));
    assert.ok(allowed(dev, { verb: 'create', group: 'authentication.k8s.io', resource: 'selfsubjectreviews' }));
    assert.ok(!allowed(dev, { verb: 'create', group: 'authorization.k8s.io', resource: 'subjectaccessreviews' }));
    assert.ok(!allowed(dev, { verb: 'list', group: '', resource: 'nodes' }));
    assert.ok(!allowed(dev, { verb: 'list', group: '', resource: 'nodes', namespace: 'team' }), 'a namespace does not help');
  });

  it("keeps kubeadm's cluster-info Role for the anonymous user, by name only", () => {
    const clusterInfo = { verb: 'get', group: '', resource: 'configmaps', name: 'cluster-info', namespace: 'kube-public' };
    assert.ok(!allowed(dev, clusterInfo));
    const guest = new RbacAuthorizer(demoPolicy, anonymous);
    assert.deepEqual(guest.decide(clusterInfo), {
      allowed: true,
      reason:
        'RBAC: allowed by RoleBinding "kubeadm:bootstrap-signer-clusterinfo/kube-public" of Role "kubeadm:bootstrap-signer-clusterinfo" to User "system:anonymous"',
    });
    assert.ok(!allowed(guest, { ...clusterInfo, name: 'other' }));
    assert.ok(!allowed(guest, { verb: 'list', group: '', resource: 'configmaps', namespace: 'kube-public' }), 'a list names no object');
    assert.ok(allowed(guest, { verb: 'get', path: '/version' }), 'system:public-info-viewer binds system:unauthenticated');
    assert.ok(!allowed(guest, { verb: 'get', path: '/api' }), 'system:discovery does not');
  });

  it('resolves subjects and roles as the RBAC authorizer does', () => {
    const policy: Policy = {
      clusterRoles: [{ name: 'view-pods', rules: [{ verbs: ['get'], apiGroups: [''], resources: ['pods'] }] }],
      clusterRoleBindings: [],
      roles: [{ name: 'logs', namespace: 'a', rules: [{ verbs: ['get'], apiGroups: [''], resources: ['*/log'] }] }],
      roleBindings: [
        // A ServiceAccount subject without a namespace is the binding's namespace's.
        { name: 'sa', namespace: 'a', roleRef: { kind: 'Role', name: 'logs' }, subjects: [{ kind: 'ServiceAccount', name: 'bot' }] },
        // A RoleBinding of a ClusterRole grants it in its namespace only.
        { name: 'view', namespace: 'b', roleRef: { kind: 'ClusterRole', name: 'view-pods' }, subjects: [{ kind: 'Group', name: 'g' }] },
        // A binding to a role that does not exist grants nothing.
        { name: 'gone', namespace: 'a', roleRef: { kind: 'Role', name: 'missing' }, subjects: [{ kind: 'Group', name: 'g' }] },
      ],
    };
    const bot = new RbacAuthorizer(policy, serviceAccountUser('a', 'bot'));
    assert.ok(allowed(bot, { verb: 'get', group: '', resource: 'pods', subresource: 'log', namespace: 'a' }));
    assert.ok(!allowed(bot, { verb: 'get', group: '', resource: 'pods', namespace: 'a' }), '*/log matches a subresource only');
    assert.ok(
      !allowed(new RbacAuthorizer(policy, serviceAccountUser('b', 'bot')), {
        verb: 'get',
        group: '',
        resource: 'pods',
        subresource: 'log',
        namespace: 'a',
      }),
    );
    const member = new RbacAuthorizer(policy, { name: 'someone', groups: ['g'] });
    assert.ok(allowed(member, { verb: 'get', group: '', resource: 'pods', namespace: 'b' }));
    assert.ok(!allowed(member, { verb: 'get', group: '', resource: 'pods', namespace: 'c' }));
    assert.ok(!allowed(member, { verb: 'get', group: '', resource: 'pods' }));
    assert.deepEqual(member.rulesFor('a'), { resourceRules: [], nonResourceRules: [], incomplete: false });
  });

  it('lists the rules of a namespace in the order RBAC visits them: the ClusterRoleBindings, then the RoleBindings', () => {
    const rules = dev.rulesFor('team');
    assert.equal(rules.incomplete, false);
    assert.deepEqual(rules.resourceRules, [
      { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
      { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
      {
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
        apiGroups: [''],
        resources: ['pods', 'services', 'events'],
      },
      {
        verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'],
        apiGroups: ['apps'],
        resources: ['deployments', 'replicasets'],
      },
      { verbs: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'], apiGroups: ['events.k8s.io'], resources: ['events'] },
      { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] },
    ]);
    assert.equal(rules.nonResourceRules.length, 3, 'system:discovery, system:public-info-viewer, the issuer discovery');
    assert.equal(dev.rulesFor('kube-system').resourceRules.length, 2);
  });
});
