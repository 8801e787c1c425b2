// The demo is the product's showcase: every resource the product reads must be one the demo serves, or a new
// read would greet a first run with "the server could not find the requested resource".
import * as assert from 'node:assert/strict';
import { anatomyReads } from '../../../src/core/kube/access';
import { collections } from '../../../src/core/anatomy/session/collections';
import { collectionPath, traceKinds, type TraceKind } from '../../../src/core/trace/objects';
import { demoRequest, demoWatch, startDemo, type RunningDemo } from '../../support/demo';

interface Served {
  readonly verbs: readonly string[];
  readonly namespaced: boolean;
}

/** What discovery publishes, by `plural.group` (`pods` for the core group). */
async function discovered(demo: RunningDemo): Promise<Map<string, Served>> {
  const get = async (path: string) => {
    const response = await demoRequest(demo.cluster, path);
    assert.equal(response.status, 200, path);
    return response.json();
  };
  const served = new Map<string, Served>();
  const add = (group: string, list: { resources: { name: string; verbs: string[]; namespaced: boolean }[] }) => {
    for (const resource of list.resources) {
      if (!resource.name.includes('/'))
        served.set(group ? `${resource.name}.${group}` : resource.name, { verbs: resource.verbs, namespaced: resource.namespaced });
    }
  };
  add('', await get('/api/v1'));
  for (const group of (await get('/apis')).groups as { name: string; preferredVersion: { groupVersion: string } }[]) {
    add(group.name, await get(`/apis/${group.preferredVersion.groupVersion}`));
  }
  return served;
}

/** Every read of a resource the product makes, as (resource.group, verbs, a path it lists). */
function productReads(): { resource: string; verbs: string[]; path?: string }[] {
  const reads: { resource: string; verbs: string[]; path?: string }[] = [];
  for (const read of anatomyReads) {
    for (const check of read.checks) {
      if (check.resource === undefined) continue;
      reads.push({ resource: check.group ? `${check.resource}.${check.group}` : check.resource, verbs: [check.verb] });
    }
  }
  for (const collection of Object.values(collections)) {
    const group = /^\/apis\/([^/]+)\//.exec(collection.path)?.[1];
    reads.push({
      resource: group ? `${collection.resource}.${group}` : collection.resource,
      verbs: ['list', 'watch'],
      path: collection.path,
    });
  }
  for (const kind of Object.keys(traceKinds) as TraceKind[]) {
    const { group, plural } = traceKinds[kind];
    // The trace lists a kind in a namespace (its picker, its watches) and gets one object.
    reads.push({ resource: group ? `${plural}.${group}` : plural, verbs: ['get', 'list', 'watch'], path: collectionPath(kind, 'team') });
  }
  return reads;
}

describe('demo cluster: serves every resource the product reads', function () {
  let demo: RunningDemo;

  before(async () => {
    demo = await startDemo({ leaseRenewSeconds: 0.2, bookmarkIntervalSeconds: 0.2 });
  });
  after(async () => {
    await demo?.stop();
  });

  it('publishes each in discovery with the verbs the product uses', async () => {
    const served = await discovered(demo);
    const reads = productReads();
    for (const resource of ['statefulsets.apps', 'jobs.batch', 'certificatesigningrequests.certificates.k8s.io']) {
      assert.ok(
        reads.some((read) => read.resource === resource),
        `the product reads ${resource}`,
      );
    }
    for (const read of reads) {
      const entry = served.get(read.resource);
      assert.ok(entry, `the demo does not serve ${read.resource}, which the product reads`);
      for (const verb of read.verbs) assert.ok(entry.verbs.includes(verb), `${read.resource}: discovery lacks ${verb}`);
    }
  });

  it('lists and watches each collection the product reads', async () => {
    const paths = [
      ...new Set([
        ...productReads().flatMap((read) => (read.path ? [read.path] : [])),
        '/apis/certificates.k8s.io/v1/certificatesigningrequests',
      ]),
    ];
    for (const path of paths) {
      const list = await demoRequest(demo.cluster, path);
      assert.equal(list.status, 200, `list ${path}: ${list.text}`);
      assert.ok(Array.isArray(list.json().items), path);
      const watch = await demoWatch(demo.cluster, `${path}${path.includes('?') ? '&' : '?'}watch=true&allowWatchBookmarks=true`);
      try {
        assert.equal(watch.status, 200, `watch ${path}`);
      } finally {
        watch.close();
      }
    }
  });

  it('serves kubectl a Table with the real printer columns for StatefulSets, Jobs and CertificateSigningRequests', async () => {
    const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
    const columns = async (path: string) => {
      const response = await demoRequest(demo.cluster, path, { headers: { Accept: accept } });
      assert.equal(response.status, 200, path);
      assert.equal(response.json().kind, 'Table');
      return (response.json().columnDefinitions as { name: string; priority: number }[])
        .filter((column) => column.priority === 0)
        .map((column) => column.name);
    };
    assert.deepEqual(await columns('/apis/apps/v1/statefulsets'), ['Name', 'Ready', 'Age']);
    assert.deepEqual(await columns('/apis/batch/v1/jobs'), ['Name', 'Status', 'Completions', 'Duration', 'Age']);
    assert.deepEqual(await columns('/apis/certificates.k8s.io/v1/certificatesigningrequests'), [
      'Name',
      'Age',
      'SignerName',
      'Requestor',
      'RequestedDuration',
      'Condition',
    ]);
  });
});
