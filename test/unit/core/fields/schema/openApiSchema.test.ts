import * as assert from 'node:assert/strict';
import { ClusterSchemas } from '../../../../../src/core/fields/schema/clusterSchemas';
import { OpenApiSchemas } from '../../../../../src/core/fields/schema/openApiSchema';
import { KubeApiError } from '../../../../../src/core/kube/kubeApi';

/** The shapes kube-apiserver serves, cut down to a few fields: v2 puts `$ref` alone, v3 wraps it in `allOf`. */
const podSpecV2 = {
  type: 'object',
  properties: {
    nodeName: { type: 'string', description: 'NodeName is a request to schedule this pod onto a specific node.' },
    containers: {
      type: 'array',
      items: { $ref: '#/definitions/io.k8s.api.core.v1.Container' },
      description: 'List of containers belonging to the pod.',
    },
    priority: { type: 'integer', format: 'int32', description: 'The priority value.' },
  },
};
const v2 = {
  swagger: '2.0',
  definitions: {
    'io.k8s.api.core.v1.Pod': {
      description: 'Pod is a collection of containers that can run on a host.',
      type: 'object',
      properties: {
        metadata: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta', description: "Standard object's metadata." },
        spec: { $ref: '#/definitions/io.k8s.api.core.v1.PodSpec', description: 'Specification of the desired behavior of the pod.' },
      },
      'x-kubernetes-group-version-kind': [{ group: '', kind: 'Pod', version: 'v1' }],
    },
    'io.k8s.api.core.v1.PodSpec': podSpecV2,
    'io.k8s.api.core.v1.Container': {
      description: 'A single application container that you want to run within a pod.',
      type: 'object',
      properties: {
        resources: {
          $ref: '#/definitions/io.k8s.api.core.v1.ResourceRequirements',
          description: 'Compute Resources required by this container.',
        },
        ports: { type: 'array', items: { type: 'object', properties: { containerPort: { type: 'integer', format: 'int32' } } } },
      },
    },
    'io.k8s.api.core.v1.ResourceRequirements': {
      type: 'object',
      properties: {
        limits: {
          type: 'object',
          additionalProperties: { $ref: '#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity' },
          description: 'Limits describes the maximum amount of compute resources allowed.',
        },
      },
    },
    'io.k8s.apimachinery.pkg.api.resource.Quantity': {
      type: 'string',
      description: 'Quantity is a fixed-point representation of a number.',
    },
    'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'string' }, description: 'Map of string keys and values.' } },
    },
    // A CRD's schema, as kube-apiserver publishes it: its author's descriptions, its own group.
    'com.example.v1.Widget': {
      type: 'object',
      properties: {
        spec: { type: 'object', properties: { size: { type: 'integer', description: 'How many <b>gears</b> the widget has.' } } },
      },
      'x-kubernetes-group-version-kind': [{ group: 'example.com', kind: 'Widget', version: 'v1' }],
    },
  },
};

const v3Apps = {
  openapi: '3.0.0',
  components: {
    schemas: {
      'io.k8s.api.apps.v1.Deployment': {
        type: 'object',
        properties: {
          spec: {
            allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentSpec' }],
            default: {},
            description: 'Specification of the desired behavior of the Deployment.',
          },
        },
        'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }],
      },
      'io.k8s.api.apps.v1.DeploymentSpec': {
        type: 'object',
        properties: {
          replicas: { type: 'integer', format: 'int32', description: 'Number of desired pods.' },
          strategy: {
            allOf: [{ $ref: '#/components/schemas/io.k8s.api.apps.v1.DeploymentStrategy' }],
            default: {},
            description: 'The deployment strategy to use.',
          },
        },
      },
      'io.k8s.api.apps.v1.DeploymentStrategy': {
        type: 'object',
        properties: {
          rollingUpdate: {
            type: 'object',
            properties: {
              maxSurge: {
                'x-kubernetes-int-or-string': true,
                description: 'The maximum number of pods that can be scheduled above the desired number.',
              },
            },
          },
        },
      },
    },
  },
};

describe('OpenApiSchemas', () => {
  const schemas = OpenApiSchemas.fromV2(v2)!;

  it("walks a Swagger 2.0 document by kind: the field's own description, the referenced type's name", () => {
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'nodeName']), {
      type: 'string',
      description: 'NodeName is a request to schedule this pod onto a specific node.',
    });
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['spec']), {
      type: 'PodSpec',
      description: 'Specification of the desired behavior of the pod.',
    });
    assert.equal(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'priority'])?.type, 'integer (int32)');
    assert.equal(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'containers'])?.type, 'list of Container');
  });

  it('describes a list item by its type, and a map value by the map (a label, a resource limit)', () => {
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'containers', 0]), {
      type: 'Container',
      description: 'A single application container that you want to run within a pod.',
    });
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'containers', 0, 'resources', 'limits', 'cpu']), {
      type: 'Quantity',
      description: 'Limits describes the maximum amount of compute resources allowed.',
    });
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['metadata', 'labels', 'app']), {
      type: 'string',
      description: 'Map of string keys and values.',
    });
    assert.deepEqual(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'containers', 0, 'ports', 1, 'containerPort']), { type: 'integer (int32)' });
  });

  it('answers nothing for a field, a kind or a version it does not have', () => {
    assert.equal(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'madeUp']), undefined);
    assert.equal(schemas.fieldAt('', 'v1', 'Pod', ['spec', 'nodeName', 'deeper']), undefined);
    assert.equal(schemas.fieldAt('', 'v2', 'Pod', ['spec']), undefined);
    assert.equal(schemas.fieldAt('apps', 'v1', 'Deployment', ['spec']), undefined);
  });

  it("knows a CRD's fields by its group, with its author's description kept as text", () => {
    assert.deepEqual(schemas.fieldAt('example.com', 'v1', 'Widget', ['spec', 'size']), {
      type: 'integer',
      description: 'How many <b>gears</b> the widget has.',
    });
  });

  it('walks an OpenAPI 3 document, where a reference with a description sits in allOf', () => {
    const apps = OpenApiSchemas.fromV3(v3Apps)!;
    assert.deepEqual(apps.fieldAt('apps', 'v1', 'Deployment', ['spec']), {
      type: 'DeploymentSpec',
      description: 'Specification of the desired behavior of the Deployment.',
    });
    assert.equal(apps.fieldAt('apps', 'v1', 'Deployment', ['spec', 'replicas'])?.type, 'integer (int32)');
    assert.deepEqual(apps.fieldAt('apps', 'v1', 'Deployment', ['spec', 'strategy', 'rollingUpdate', 'maxSurge']), {
      type: 'IntOrString',
      description: 'The maximum number of pods that can be scheduled above the desired number.',
    });
  });

  it('rejects what is not an OpenAPI document', () => {
    assert.equal(OpenApiSchemas.fromV2({ paths: {} }), undefined);
    assert.equal(OpenApiSchemas.fromV3(v2), undefined);
    assert.equal(OpenApiSchemas.fromV2('<html>'), undefined);
  });

  it('survives a reference loop', () => {
    const looping = OpenApiSchemas.fromV2({
      definitions: {
        a: { $ref: '#/definitions/b', 'x-kubernetes-group-version-kind': [{ group: '', version: 'v1', kind: 'A' }] },
        b: { $ref: '#/definitions/a' },
      },
    })!;
    assert.equal(looping.fieldAt('', 'v1', 'A', ['spec']), undefined);
  });
});

describe('ClusterSchemas', () => {
  function server(documents: Record<string, unknown>) {
    const asked: string[] = [];
    const getJson = async (path: string) => {
      asked.push(path);
      const body = documents[path];
      if (body === undefined) throw new KubeApiError('not-found', `${path}: 404`, 404);
      if (body instanceof Error) throw body;
      return body;
    };
    return { asked, getJson };
  }

  it('uses /openapi/v3 where served: one document per group-version, read once', async () => {
    const { asked, getJson } = server({
      '/openapi/v3': { paths: { 'apis/apps/v1': { serverRelativeURL: '/openapi/v3/apis/apps/v1?hash=AB12' } } },
      '/openapi/v3/apis/apps/v1?hash=AB12': v3Apps,
    });
    const schemas = new ClusterSchemas('https://one.example:6443', getJson);
    assert.equal((await schemas.fieldAt('apps/v1', 'Deployment', ['spec', 'replicas']))?.description, 'Number of desired pods.');
    assert.equal((await schemas.fieldAt('apps/v1', 'Deployment', ['spec']))?.type, 'DeploymentSpec');
    assert.deepEqual(asked, ['/openapi/v3', '/openapi/v3/apis/apps/v1?hash=AB12']);
    assert.equal(await schemas.fieldAt('batch/v1', 'Job', ['spec']), undefined, 'a group-version the server does not serve');
  });

  it('falls back to /openapi/v2 when the server has no v3 (a 1.20 server), read once for the session', async () => {
    const { asked, getJson } = server({ '/openapi/v2': v2 });
    const schemas = new ClusterSchemas('https://two.example:6443', getJson);
    assert.equal((await schemas.fieldAt('v1', 'Pod', ['spec', 'nodeName']))?.type, 'string');
    assert.equal((await schemas.fieldAt('example.com/v1', 'Widget', ['spec', 'size']))?.type, 'integer');
    assert.deepEqual(asked, ['/openapi/v3', '/openapi/v2']);
  });

  it('does not keep a failed read: the next question asks again', async () => {
    const documents: Record<string, unknown> = { '/openapi/v3': new KubeApiError('unreachable', 'connection refused') };
    const { asked, getJson } = server(documents);
    const schemas = new ClusterSchemas('https://three.example:6443', getJson);
    await assert.rejects(schemas.fieldAt('v1', 'Pod', ['spec']), /connection refused/);
    documents['/openapi/v3'] = undefined;
    documents['/openapi/v2'] = v2;
    assert.equal((await schemas.fieldAt('v1', 'Pod', ['spec']))?.type, 'PodSpec');
    assert.deepEqual(asked, ['/openapi/v3', '/openapi/v3', '/openapi/v2']);
  });
});
