/**
 * The demo's RBAC: the roles and bindings that concern its restricted user (a ServiceAccount with a Role in one
 * namespace, and what every authenticated user holds in a kind cluster), as data, and an authorizer that
 * evaluates them as kube-apiserver's RBAC authorizer does: the bindings whose subjects name the user, their
 * roles' rules matched against the request (verb, API group, resource and subresource, name, or path). The
 * requests the server serves and the SelfSubjectAccessReviews and SelfSubjectRulesReviews it answers go
 * through the same evaluation.
 */
import { type AccessCheck, type NamespaceRules, rulesVerdict } from '../core/kube/access';
import type { AccessAttributes, AccessDecision, DemoAuthorizer, ReviewRules } from './apiAccess';
import { restrictedNamespace, restrictedServiceAccount } from './kind/team';

/** A rule of a Role or ClusterRole: resource rules name resources, non-resource rules name paths. */
export interface PolicyRule {
  readonly verbs: readonly string[];
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
}

export interface Role {
  readonly name: string;
  /** Undefined for a ClusterRole. */
  readonly namespace?: string;
  readonly rules: readonly PolicyRule[];
}

export interface Subject {
  readonly kind: 'User' | 'Group' | 'ServiceAccount';
  readonly name: string;
  /** A ServiceAccount's namespace; the binding's own when omitted. */
  readonly namespace?: string;
}

export interface Binding {
  readonly name: string;
  /** Undefined for a ClusterRoleBinding. */
  readonly namespace?: string;
  readonly roleRef: { readonly kind: 'Role' | 'ClusterRole'; readonly name: string };
  readonly subjects: readonly Subject[];
}

export interface Policy {
  readonly clusterRoles: readonly Role[];
  readonly clusterRoleBindings: readonly Binding[];
  readonly roles: readonly Role[];
  readonly roleBindings: readonly Binding[];
}

/** The user a token authenticates as: a name and the groups the authenticator adds. */
export interface UserInfo {
  readonly name: string;
  readonly groups: readonly string[];
}

/** The restricted user's namespace and ServiceAccount. */
export { restrictedNamespace, restrictedServiceAccount };

/** A ServiceAccount's token authenticates as these: its username, its namespace's group and everyone's. */
export function serviceAccountUser(namespace: string, name: string): UserInfo {
  return {
    name: `system:serviceaccount:${namespace}:${name}`,
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
  };
}

export const restrictedUser: UserInfo = serviceAccountUser(restrictedNamespace, restrictedServiceAccount);

const READ_WRITE = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'];
const clusterRoleRef = (name: string) => ({ kind: 'ClusterRole', name }) as const;
const group = (name: string): Subject => ({ kind: 'Group', name });

/**
 * The policy: kube-apiserver's bootstrap ClusterRoles and ClusterRoleBindings that every authenticated user and
 * every ServiceAccount holds (plugin/pkg/auth/authorizer/rbac/bootstrappolicy), kubeadm's Role that publishes
 * kube-public/cluster-info to anonymous clients, and the restricted user's Role in its namespace.
 */
export const demoPolicy: Policy = {
  clusterRoles: [
    {
      name: 'system:basic-user',
      rules: [
        { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] },
        { verbs: ['create'], apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
      ],
    },
    {
      name: 'system:discovery',
      rules: [
        {
          verbs: ['get'],
          nonResourceURLs: [
            '/api',
            '/api/*',
            '/apis',
            '/apis/*',
            '/healthz',
            '/livez',
            '/openapi',
            '/openapi/*',
            '/readyz',
            '/version',
            '/version/',
          ],
        },
      ],
    },
    {
      name: 'system:public-info-viewer',
      rules: [{ verbs: ['get'], nonResourceURLs: ['/healthz', '/livez', '/readyz', '/version', '/version/'] }],
    },
    {
      name: 'system:service-account-issuer-discovery',
      rules: [
        {
          verbs: ['get'],
          nonResourceURLs: [
            '/.well-known/openid-configuration',
            '/.well-known/openid-configuration/',
            '/openid/v1/jwks',
            '/openid/v1/jwks/',
          ],
        },
      ],
    },
  ],
  clusterRoleBindings: [
    { name: 'system:basic-user', roleRef: clusterRoleRef('system:basic-user'), subjects: [group('system:authenticated')] },
    { name: 'system:discovery', roleRef: clusterRoleRef('system:discovery'), subjects: [group('system:authenticated')] },
    {
      name: 'system:public-info-viewer',
      roleRef: clusterRoleRef('system:public-info-viewer'),
      subjects: [group('system:authenticated'), group('system:unauthenticated')],
    },
    {
      name: 'system:service-account-issuer-discovery',
      roleRef: clusterRoleRef('system:service-account-issuer-discovery'),
      subjects: [group('system:serviceaccounts')],
    },
  ],
  roles: [
    {
      // kubeadm's (cmd/kubeadm/app/phases/bootstraptoken/clusterinfo): the cluster-info ConfigMap, for joining nodes.
      name: 'kubeadm:bootstrap-signer-clusterinfo',
      namespace: 'kube-public',
      rules: [{ verbs: ['get'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cluster-info'] }],
    },
    {
      name: 'developer',
      namespace: restrictedNamespace,
      rules: [
        { verbs: READ_WRITE, apiGroups: [''], resources: ['pods', 'services', 'events'] },
        { verbs: READ_WRITE, apiGroups: ['apps'], resources: ['deployments', 'replicasets'] },
        { verbs: READ_WRITE, apiGroups: ['events.k8s.io'], resources: ['events'] },
        { verbs: ['get'], apiGroups: [''], resources: ['pods/log'] },
      ],
    },
  ],
  roleBindings: [
    {
      // kubeadm binds it to the anonymous user only: authenticated users do not hold it.
      name: 'kubeadm:bootstrap-signer-clusterinfo',
      namespace: 'kube-public',
      roleRef: { kind: 'Role', name: 'kubeadm:bootstrap-signer-clusterinfo' },
      subjects: [{ kind: 'User', name: 'system:anonymous' }],
    },
    {
      name: 'developer',
      namespace: restrictedNamespace,
      roleRef: { kind: 'Role', name: 'developer' },
      subjects: [{ kind: 'ServiceAccount', name: restrictedServiceAccount, namespace: restrictedNamespace }],
    },
  ],
};

/** RBAC's appliesToUser: a User by name, a Group by membership, a ServiceAccount by its username. */
function appliesTo(user: UserInfo, subject: Subject, bindingNamespace: string | undefined): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const namespace = subject.namespace || bindingNamespace;
      return namespace !== undefined && namespace !== '' && user.name === `system:serviceaccount:${namespace}:${subject.name}`;
    }
  }
}

/** The subject as RBAC's reasons name it: `Group "system:authenticated"`, `ServiceAccount "dev/team"`. */
function describeSubject(subject: Subject, bindingNamespace: string | undefined): string {
  if (subject.kind === 'ServiceAccount')
    return `${subject.kind} ${JSON.stringify(`${subject.name}/${subject.namespace || bindingNamespace || ''}`)}`;
  return `${subject.kind} ${JSON.stringify(subject.name)}`;
}

type KnownRules = Extract<NamespaceRules, { known: true }>;

interface Grant {
  /** `ClusterRoleBinding "system:basic-user" of ClusterRole "system:basic-user" to Group "system:authenticated"` */
  readonly source: string;
  readonly rules: KnownRules;
}

/** A role's rules in the shape the core's RBAC matcher (rulesVerdict) reads. */
function asRules(namespace: string, rules: readonly PolicyRule[]): KnownRules {
  return {
    namespace,
    known: true,
    incomplete: false,
    resourceRules: rules
      .filter((rule) => (rule.resources ?? []).length > 0)
      .map((rule) => ({
        verbs: rule.verbs,
        apiGroups: rule.apiGroups ?? [],
        resources: rule.resources ?? [],
        resourceNames: rule.resourceNames ?? [],
      })),
    nonResourceRules: rules
      .filter((rule) => (rule.nonResourceURLs ?? []).length > 0)
      .map((rule) => ({ verbs: rule.verbs, nonResourceURLs: rule.nonResourceURLs ?? [] })),
  };
}

/** The request as the matcher's check: the resource with its subresource after a slash, or the path. */
function checkOf(attributes: AccessAttributes): AccessCheck & { readonly name?: string } {
  if (attributes.path !== undefined) return { verb: attributes.verb, path: attributes.path };
  return {
    verb: attributes.verb,
    group: attributes.group,
    resource: attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource,
    ...(attributes.namespace ? { namespace: attributes.namespace } : {}),
    ...(attributes.name ? { name: attributes.name } : {}),
  };
}

/** One user's authorization under a policy, as the RBAC authorizer decides it; complete, never incomplete. */
export class RbacAuthorizer implements DemoAuthorizer {
  constructor(
    private readonly policy: Policy,
    readonly user: UserInfo,
  ) {}

  /**
   * The grants that apply in `namespace`, in the order RBAC visits them: the ClusterRoleBindings, then (for a
   * request in a namespace) the RoleBindings there. A binding to a role that does not exist grants nothing.
   */
  private grants(namespace: string): Grant[] {
    const bindings = [
      ...this.policy.clusterRoleBindings,
      ...(namespace ? this.policy.roleBindings.filter((binding) => binding.namespace === namespace) : []),
    ];
    const grants: Grant[] = [];
    for (const binding of bindings) {
      const subject = binding.subjects.find((candidate) => appliesTo(this.user, candidate, binding.namespace));
      if (!subject) continue;
      const role =
        binding.roleRef.kind === 'ClusterRole'
          ? this.policy.clusterRoles.find((candidate) => candidate.name === binding.roleRef.name)
          : this.policy.roles.find((candidate) => candidate.name === binding.roleRef.name && candidate.namespace === binding.namespace);
      if (!role) continue;
      const bindingName = binding.namespace === undefined ? binding.name : `${binding.name}/${binding.namespace}`;
      const kind = binding.namespace === undefined ? 'ClusterRoleBinding' : 'RoleBinding';
      grants.push({
        source: `${kind} ${JSON.stringify(bindingName)} of ${binding.roleRef.kind} ${JSON.stringify(role.name)} to ${describeSubject(subject, binding.namespace)}`,
        rules: asRules(namespace, role.rules),
      });
    }
    return grants;
  }

  decide(attributes: AccessAttributes): AccessDecision {
    const check = checkOf(attributes);
    const grant = this.grants(attributes.path === undefined ? (attributes.namespace ?? '') : '').find(
      (candidate) => rulesVerdict(candidate.rules, check) === 'allowed',
    );
    return grant ? { allowed: true, reason: `RBAC: allowed by ${grant.source}` } : { allowed: false };
  }

  /** Every rule of every grant in the namespace, as SelfSubjectRulesReview lists them (empty lists left out). */
  rulesFor(namespace: string): ReviewRules {
    const grants = this.grants(namespace);
    return {
      resourceRules: grants.flatMap((grant) =>
        grant.rules.resourceRules.map((rule) => ({
          verbs: [...rule.verbs],
          ...(rule.apiGroups.length > 0 && { apiGroups: [...rule.apiGroups] }),
          ...(rule.resources.length > 0 && { resources: [...rule.resources] }),
          ...(rule.resourceNames.length > 0 && { resourceNames: [...rule.resourceNames] }),
        })),
      ),
      nonResourceRules: grants.flatMap((grant) =>
        grant.rules.nonResourceRules.map((rule) => ({ verbs: [...rule.verbs], nonResourceURLs: [...rule.nonResourceURLs] })),
      ),
      incomplete: false,
    };
  }
}
