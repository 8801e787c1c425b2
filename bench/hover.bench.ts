// Manifest hovers: the cost of one hover on a 5,000-line multi-document manifest.
//   npx tsx bench/hover.bench.ts [--lines 5000] [--hovers 2000] [--reparse-hovers 200]
// Three ways to find the field under the cursor, in the same run:
//   cached   — this product: parse once per document version (ManifestParseCache), then walk the AST;
//   reparse  — the same resolver, parsing the whole file again on every hover;
//   indent   — the peers' way (vscode-kubernetes-tools' explain finds the field path by scanning indentation
//              upwards from the cursor line): no parse at all, but no flow style, no item indexes.
// Each hover is timed alone with performance.now(); the explanation (knowledge lookup + Markdown) is timed too.
// Then hostile files (1 MB of `{{`, of `{{ {{ }}`, of quotes, one 1 MB line, 100k lines of `- - - -`): one hover
// each with the hover's budget (HOVER_BUDGET) and one explain with the command line's (COMMAND_BUDGET).
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { explainField } from '../src/core/fields/explain';
import {
  COMMAND_BUDGET,
  HOVER_BUDGET,
  ManifestParseCache,
  manifestFieldAt,
  manifestPositionAt,
  parseManifest,
} from '../src/core/yaml/yamlPath';
import { hostileBlobs, hostileHead, onHostileName } from '../test/fixtures/manifests/hostile';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '5000' },
    hovers: { type: 'string', default: '2000' },
    'reparse-hovers': { type: 'string', default: '200' },
  },
});
const targetLines = Number(values.lines);
const hoverCount = Number(values.hovers);
const reparseCount = Number(values['reparse-hovers']);

/** A deterministic generator, so every run hovers the same places. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function deployment(index: number): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app-${index}
  namespace: team-${index % 7}
  labels:
    app: app-${index}
    tier: backend # owned by team ${index % 7}
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: '{"kind":"Deployment"}'
spec:
  replicas: ${1 + (index % 4)}
  selector:
    matchLabels:
      app: app-${index}
  strategy:
    type: RollingUpdate
    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
  template:
    metadata:
      labels:
        app: app-${index}
    spec:
      serviceAccountName: app-${index}
      nodeSelector:
        kubernetes.io/os: linux
      tolerations:
      - key: dedicated
        operator: Equal
        value: backend
        effect: NoSchedule
      containers:
      - name: app
        image: registry.example.com/app-${index}:1.${index % 10}.0
        args: ["--port=8080", "--verbose"]
        ports:
        - containerPort: 8080
          name: http
        env:
        - name: MODE
          valueFrom:
            configMapKeyRef: {name: app-${index}, key: mode}
        resources:
          requests: {cpu: 100m, memory: 128Mi}
          limits:
            memory: 256Mi
        readinessProbe:
          httpGet: {path: /ready, port: http}
          periodSeconds: 5
`;
}

function service(index: number): string {
  return `apiVersion: v1
kind: Service
metadata:
  name: app-${index}
  namespace: team-${index % 7}
spec:
  type: ClusterIP
  selector:
    app: app-${index}
  ports:
  - name: http
    port: 80
    targetPort: http
`;
}

function configMap(index: number): string {
  return `apiVersion: v1
kind: ConfigMap
metadata:
  name: app-${index}
  namespace: team-${index % 7}
data:
  mode: fast
  settings.yaml: |
    level: info
    retries: 3
`;
}

function generate(lines: number): string {
  const documents: string[] = [];
  let count = 0;
  for (let index = 0; count < lines; index++) {
    const document = [deployment, service, configMap][index % 3](index);
    documents.push(document);
    count += document.split('\n').length;
  }
  return documents.join('---\n');
}

/**
 * The indentation scan: from the cursor line, climb to each line indented less than the last one found and
 * collect its key. Sequence items give no index (the scan cannot count them), and flow collections, block
 * scalars and comments are read as plain lines. Kind is the nearest `kind:` above within the document.
 */
function indentationScan(lines: readonly string[], line: number): { path: string[]; kind?: string } {
  const keyPattern = /^(\s*)(?:-\s+)?([^\s:#][^:#]*?):(?:\s|$)/;
  const path: string[] = [];
  let indent = Number.POSITIVE_INFINITY;
  let kind: string | undefined;
  for (let current = line; current >= 0; current--) {
    const text = lines[current];
    if (text.startsWith('---')) break;
    if (!kind) {
      const kindMatch = /^kind:\s*(\S+)/.exec(text);
      if (kindMatch) kind = kindMatch[1];
    }
    const match = keyPattern.exec(text);
    if (!match) continue;
    const dash = /^\s*-\s+/.exec(text);
    const lineIndent = dash ? dash[0].length : match[1].length;
    if (lineIndent < indent) {
      path.unshift(match[2].trim());
      indent = match[1].length;
      if (indent === 0 && !dash) {
        // Reached the document's top level: keep climbing only to find `kind`.
        indent = -1;
      }
    }
  }
  if (!kind) {
    for (let current = line + 1; current < lines.length && !lines[current].startsWith('---'); current++) {
      const kindMatch = /^kind:\s*(\S+)/.exec(lines[current]);
      if (kindMatch) {
        kind = kindMatch[1];
        break;
      }
    }
  }
  return { path, ...(kind && { kind }) };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function summary(samples: number[]): { median: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

function ms(value: number): string {
  return value < 0.1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(value < 10 ? 3 : 1)} ms`;
}

const text = generate(targetLines);
const lines = text.split('\n');
const lineStarts: number[] = [];
for (let index = 0, offset = 0; index < lines.length; index++) {
  lineStarts.push(offset);
  offset += lines[index].length + 1;
}

// Hover on characters that are not blank: as a person would.
const next = random(42);
const cursors: { offset: number; line: number }[] = [];
while (cursors.length < hoverCount) {
  const line = Math.floor(next() * lines.length);
  const content = lines[line];
  if (content.trim() === '') continue;
  const column = Math.floor(next() * content.length);
  if (content[column] === ' ') continue;
  cursors.push({ offset: lineStarts[line] + column, line });
}

// Warm up the JIT on a separate copy, so the first measured hover is not the first compile.
{
  const warm = parseManifest(text, { eager: true });
  for (const cursor of cursors.slice(0, 200)) if (warm) manifestPositionAt(warm, cursor.offset);
  for (const cursor of cursors.slice(0, 200)) indentationScan(lines, cursor.line);
}

// 1. cached: the first hover in a document parses that document; later hovers reuse the parse of this version.
const cache = new ManifestParseCache();
const coldStart = performance.now();
const firstParsed = cache.get('file:///bench.yaml', 1, () => text);
const coldMs = performance.now() - coldStart;
if (!firstParsed) throw new Error('the generated manifest did not parse');
const cached: number[] = [];
const explainTimes: number[] = [];
const fullHover: number[] = [];
let resolved = 0;
const ourPaths: (string | undefined)[] = [];
for (const cursor of cursors) {
  const start = performance.now();
  const parsed = cache.get('file:///bench.yaml', 1, () => text);
  const position = parsed && manifestPositionAt(parsed, cursor.offset);
  const found = performance.now();
  if (position && position.path.length > 0) {
    resolved++;
    explainField(position);
  }
  const end = performance.now();
  cached.push(found - start);
  fullHover.push(end - start);
  if (position && position.path.length > 0) explainTimes.push(end - found);
  ourPaths.push(position ? position.path.filter((segment): segment is string => typeof segment === 'string').join('.') : undefined);
}

// 1b. the same hovers again: every document of this version has now been parsed once.
const warmCached: number[] = [];
for (const cursor of cursors) {
  const start = performance.now();
  const parsed = cache.get('file:///bench.yaml', 1, () => text);
  const position = parsed && manifestPositionAt(parsed, cursor.offset);
  if (position && position.path.length > 0) explainField(position);
  warmCached.push(performance.now() - start);
}

// 2. reparse on every hover.
const reparse: number[] = [];
for (const cursor of cursors.slice(0, reparseCount)) {
  const start = performance.now();
  const parsed = parseManifest(text, { eager: true });
  if (parsed) manifestPositionAt(parsed, cursor.offset);
  reparse.push(performance.now() - start);
}

// 3. the indentation scan.
const indent: number[] = [];
let agree = 0;
let compared = 0;
for (let index = 0; index < cursors.length; index++) {
  const start = performance.now();
  const result = indentationScan(lines, cursors[index].line);
  indent.push(performance.now() - start);
  const ours = ourPaths[index];
  if (ours) {
    compared++;
    if (result.path.join('.') === ours) agree++;
  }
}

const c = summary(cached);
const f = summary(fullHover);
const w = summary(warmCached);
const e = summary(explainTimes);
const r = summary(reparse);
const i = summary(indent);
const rows = [
  ['cached parse (this product): find the field', c],
  ['cached parse: whole hover (find + explain + Markdown), first pass', f],
  ['cached parse: whole hover, second pass (all documents parsed)', w],
  ['re-parse on every hover: find the field', r],
  ['indentation scan (peers): find the field', i],
] as const;

console.log(
  `Manifest: ${lines.length} lines, ${firstParsed.segments.filter((segment) => segment.docIndex !== undefined).length} documents, ${text.length} characters`,
);
console.log(`Hovers: ${cursors.length} (re-parse: ${reparse.length}); on a field: ${resolved}`);
console.log(`After an edit: splitting the file into documents (lines, markers): ${ms(coldMs)}; each document is parsed on its first hover`);
console.log(
  `Load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')} on ${cpus().length} CPUs`,
);
console.log(`Explanation alone (lookup + Markdown): median ${ms(e.median)}, p99 ${ms(e.p99)}`);
console.log('');
console.log('| method | median | p99 | mean |');
console.log('| --- | --- | --- | --- |');
for (const [name, stats] of rows) console.log(`| ${name} | ${ms(stats.median)} | ${ms(stats.p99)} | ${ms(stats.mean)} |`);
console.log('');
console.log(
  `Ratios (median): re-parse / cached = ${(r.median / c.median).toFixed(0)}×; indentation scan / cached = ${(i.median / c.median).toFixed(2)}×`,
);
console.log(
  `Indentation scan agrees with the AST path (keys only, indexes dropped) on ${((100 * agree) / compared).toFixed(1)}% of ${compared} hovers on a field`,
);
console.log(`Targets: whole hover median < 2 ms: ${f.median < 2 ? 'met' : 'MISSED'}; p99 < 10 ms: ${f.p99 < 10 ? 'met' : 'MISSED'}`);

// 4. hostile files: the whole hover (split, parse of the document under the cursor, explanation) on its own parse.
console.log('');
console.log(
  '| hostile file (a ConfigMap whose value is it; cursor on its name) | hover (HOVER_BUDGET) | answer | explain (COMMAND_BUDGET) | answer |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const [name, body] of Object.entries(hostileBlobs)) {
  const text = hostileHead + body;
  const row = [name];
  for (const budget of [HOVER_BUDGET, COMMAND_BUDGET]) {
    const start = performance.now();
    const parsed = parseManifest(text);
    const found = parsed && manifestFieldAt(parsed, onHostileName, budget);
    if (found && found !== 'too-large') explainField(found);
    row.push(ms(performance.now() - start), found === 'too-large' ? 'too large' : found ? 'explained' : 'no field');
  }
  console.log(`| ${row.join(' | ')} |`);
}
console.log(`Node ${process.version}, ${new Date().toISOString()}`);
