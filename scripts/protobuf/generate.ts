// Generates src/demo/protobuf/kubernetes-proto.json: the protobuf field table of every message reachable from
// the kinds the demo cluster writes (and DeleteOptions, and the access reviews of `kubectl auth can-i`), so that
// the demo decodes the protobuf bodies kubectl's typed commands send (`kubectl create deployment`, `create
// namespace`, `create configmap`, `expose`, `auth can-i` …).
//
// The sources are Kubernetes v1.20.2's own: the generated.proto files give each field's number, wire type and
// message type; the Go structs beside them (types.go …) give what the proto cannot: the JSON name (inline
// embeddings have none), and whether the field is a pointer (a pointer's zero value is sent and meaningful; any
// other field's zero value means "unset", as Go's JSON omits it). scripts/realcluster/build.mjs extracts those
// sources into the cache folder (<cache>/kubernetes-v1.20.2/gopath/src/k8s.io/kubernetes); CI never runs this
// script, so the table is committed. Run `npm run protobuf` after building them; set KUBERNETES_SOURCE to use
// another tree.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import openapi from '../../src/demo/openapi/kubernetes.json';
import { wellKnownTypes } from '../../src/demo/protobuf/decode';

const cacheFolder = process.env.CLUSTER_ANATOMY_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'cluster-anatomy');
const kubernetesSource = process.env.KUBERNETES_SOURCE ?? join(cacheFolder, 'kubernetes-v1.20.2', 'gopath', 'src', 'k8s.io', 'kubernetes');
const staging = join(kubernetesSource, 'staging', 'src', 'k8s.io');
const output = join(__dirname, '..', '..', 'src', 'demo', 'protobuf', 'kubernetes-proto.json');

/** The packages whose messages the served kinds reach; each folder holds a generated.proto and its Go types. */
const packageFolders = [
  'api/core/v1',
  'api/apps/v1',
  'api/autoscaling/v1',
  'api/authorization/v1',
  'apimachinery/pkg/apis/meta/v1',
  'apimachinery/pkg/util/intstr',
  'apimachinery/pkg/api/resource',
  'apimachinery/pkg/runtime',
];

/** The messages a request body's envelope may name, by apiVersion and kind. */
const roots: Record<string, string> = {
  'apps/v1 Deployment': 'k8s.io.api.apps.v1.Deployment',
  'apps/v1 ReplicaSet': 'k8s.io.api.apps.v1.ReplicaSet',
  'apps/v1 DaemonSet': 'k8s.io.api.apps.v1.DaemonSet',
  'v1 Pod': 'k8s.io.api.core.v1.Pod',
  'v1 Service': 'k8s.io.api.core.v1.Service',
  'v1 ConfigMap': 'k8s.io.api.core.v1.ConfigMap',
  'v1 Namespace': 'k8s.io.api.core.v1.Namespace',
  // The scale subresource of Deployments.
  'autoscaling/v1 Scale': 'k8s.io.api.autoscaling.v1.Scale',
  // The reviews `kubectl auth can-i` sends.
  'authorization.k8s.io/v1 SelfSubjectAccessReview': 'k8s.io.api.authorization.v1.SelfSubjectAccessReview',
  'authorization.k8s.io/v1 SelfSubjectRulesReview': 'k8s.io.api.authorization.v1.SelfSubjectRulesReview',
  // client-go sends DeleteOptions in the group version of the resource, or meta.k8s.io/v1.
  'v1 DeleteOptions': 'k8s.io.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'apps/v1 DeleteOptions': 'k8s.io.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'meta.k8s.io/v1 DeleteOptions': 'k8s.io.apimachinery.pkg.apis.meta.v1.DeleteOptions',
};

/** Messages whose JSON form is not an object of their fields: the decoder knows each by name. */
const wellKnown = new Set<string>(Object.values(wellKnownTypes));
/** Such messages the decoder has no JSON form for: reaching one must stop the generator, not decode wrongly. */
const unsupported = new Set([
  'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime',
  'k8s.io.apimachinery.pkg.apis.meta.v1.Duration',
  'k8s.io.apimachinery.pkg.runtime.RawExtension',
]);

const scalarTypes = new Set(['string', 'bool', 'int32', 'int64', 'bytes']);

interface ProtoField {
  label: 'optional' | 'repeated' | 'map';
  type: string;
  keyType?: string;
  name: string;
  number: number;
}

/** One field of the committed table. */
interface TableField {
  /** The JSON name; absent for an inline embedding, whose fields the decoder puts in the enclosing object. */
  json?: string;
  type: string;
  repeated?: true;
  /** A map's key type (its value type is `type`). */
  key?: string;
  /** A Go pointer: sent only when set, and its zero value kept (replicas: 0 is not "unset"). */
  pointer?: true;
  /** Go's JSON leaves the zero value out; a scalar without this (and no pointer) is always in the JSON. */
  omitEmpty?: true;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** Messages of one generated.proto, fully qualified; field types resolved to full names or scalars. */
function parseProto(path: string): Map<string, ProtoField[]> {
  const text = stripComments(readFileSync(path, 'utf8'));
  const packageName = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
  if (!packageName) throw new Error(`${path}: no package`);
  const messages = new Map<string, ProtoField[]>();
  const qualify = (type: string) => (scalarTypes.has(type) ? type : type.includes('.') ? type : `${packageName}.${type}`);
  for (const match of text.matchAll(/\bmessage\s+(\w+)\s*\{([^{}]*)\}/g)) {
    const fields: ProtoField[] = [];
    for (const line of match[2]!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const plain = /^(optional|repeated|required)\s+([\w.]+)\s+(\w+)\s*=\s*(\d+)$/.exec(line);
      const map = /^map\s*<\s*([\w.]+)\s*,\s*([\w.]+)\s*>\s+(\w+)\s*=\s*(\d+)$/.exec(line);
      if (plain)
        fields.push({
          label: plain[1] === 'repeated' ? 'repeated' : 'optional',
          type: qualify(plain[2]!),
          name: plain[3]!,
          number: Number(plain[4]),
        });
      else if (map) fields.push({ label: 'map', keyType: qualify(map[1]!), type: qualify(map[2]!), name: map[3]!, number: Number(map[4]) });
      else throw new Error(`${path}: message ${match[1]}: cannot read "${line}"`);
    }
    messages.set(`${packageName}.${match[1]}`, fields);
  }
  // A message nested in another would have been skipped by the pattern above: refuse rather than miss it.
  const declared = [...text.matchAll(/\bmessage\s+\w+/g)].length;
  if (declared !== messages.size) throw new Error(`${path}: ${declared - messages.size} nested messages are not supported`);
  return messages;
}

interface GoField {
  jsonName: string;
  pointer: boolean;
  omitEmpty: boolean;
}

/** Per Go struct, per protobuf field number: the JSON name and pointer-ness, read from the struct tags. */
function parseGoStructs(folder: string): Map<string, Map<number, GoField>> {
  const structs = new Map<string, Map<number, GoField>>();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.go') && !name.endsWith('_test.go'))) {
    const text = readFileSync(join(folder, file), 'utf8');
    for (const match of text.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields = new Map<number, GoField>();
      for (const line of match[2]!.split('\n')) {
        const tagged = /^\s*([^`]+?)\s+`([^`]*)`\s*$/.exec(line);
        if (!tagged) continue;
        const protobufTag = /protobuf:"([^"]*)"/.exec(tagged[2]!)?.[1];
        if (!protobufTag) continue;
        const number = Number(protobufTag.split(',')[1]);
        const [jsonName = '', ...jsonOptions] = (/json:"([^"]*)"/.exec(tagged[2]!)?.[1] ?? '').split(',');
        const declaration = tagged[1]!.trim().split(/\s+/);
        const goType = declaration.length === 1 ? declaration[0]! : declaration.slice(1).join(' ');
        fields.set(number, { jsonName, pointer: goType.startsWith('*'), omitEmpty: jsonOptions.includes('omitempty') });
      }
      if (fields.size > 0) structs.set(match[1]!, fields);
    }
  }
  return structs;
}

function generate(): void {
  const proto = new Map<string, ProtoField[]>();
  const goFields = new Map<string, Map<number, GoField>>();
  for (const folder of packageFolders) {
    const messages = parseProto(join(staging, folder, 'generated.proto'));
    const structs = parseGoStructs(join(staging, folder));
    for (const [name, fields] of messages) {
      proto.set(name, fields);
      const struct = structs.get(name.slice(name.lastIndexOf('.') + 1));
      if (struct) goFields.set(name, struct);
    }
  }

  const table: Record<string, Record<string, TableField>> = {};
  const pending = [...new Set(Object.values(roots))];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (table[name] || wellKnown.has(name)) continue;
    if (unsupported.has(name)) throw new Error(`${name} is reached, and the decoder has no JSON form for it`);
    const fields = proto.get(name);
    if (!fields) throw new Error(`message ${name} is not in the .proto files read`);
    const go = goFields.get(name);
    if (!go) throw new Error(`message ${name} has no Go struct with protobuf tags`);
    const entry: Record<string, TableField> = {};
    for (const field of fields) {
      const goField = go.get(field.number);
      if (!goField) throw new Error(`${name}.${field.name} (${field.number}) has no Go field`);
      const tableField: TableField = { type: field.type };
      if (goField.jsonName !== '') tableField.json = goField.jsonName;
      if (field.label === 'repeated') tableField.repeated = true;
      if (field.label === 'map') tableField.key = field.keyType!;
      if (goField.pointer) tableField.pointer = true;
      else if (goField.omitEmpty) tableField.omitEmpty = true;
      entry[field.number] = tableField;
      if (!scalarTypes.has(field.type)) pending.push(field.type);
    }
    table[name] = entry;
  }

  reportAgainstOpenApi(table);
  const sortedTable = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
  const lines = Object.entries(sortedTable).map(([name, fields]) => `  ${JSON.stringify(name)}: ${JSON.stringify(fields)}`);
  const header = {
    kubernetesVersion: 'v1.20.2',
    source: 'k8s.io/api and k8s.io/apimachinery generated.proto, with the Go struct tags beside them',
    kinds: roots,
  };
  const text = `{\n  "kubernetesVersion": ${JSON.stringify(header.kubernetesVersion)},\n  "source": ${JSON.stringify(header.source)},\n  "kinds": ${JSON.stringify(roots)},\n  "messages": {\n${lines.map((line) => `  ${line}`).join(',\n')}\n  }\n}\n`;
  writeFileSync(output, text);
  console.log(`wrote ${output}: ${Object.keys(table).length} messages`);
}

/**
 * The demo's OpenAPI is newer than these sources: fields added since v1.20 are not in the table, and a protobuf
 * client that sets one has it skipped as an unknown field number. Listed here so that the gap stays visible.
 */
function reportAgainstOpenApi(table: Record<string, Record<string, TableField>>): void {
  const schemas = (openapi as unknown as { schemas: Record<string, { properties?: Record<string, unknown> }> }).schemas;
  const newer: string[] = [];
  for (const [name, fields] of Object.entries(table)) {
    const properties = schemas[name.replace(/^k8s\.io\./, 'io.k8s.')]?.properties;
    if (!properties) continue;
    const known = new Set<string>();
    const collect = (message: Record<string, TableField>) => {
      for (const field of Object.values(message)) {
        if (field.json !== undefined) known.add(field.json);
        else if (table[field.type]) collect(table[field.type]!);
      }
    };
    collect(fields);
    for (const property of Object.keys(properties)) if (!known.has(property)) newer.push(`${name}.${property}`);
  }
  if (newer.length > 0)
    console.log(`fields of the demo's OpenAPI that v1.20.2's protobuf lacks (skipped when sent):\n  ${newer.join('\n  ')}`);
}

generate();
