// Builds kube-apiserver, kube-controller-manager and kube-scheduler v1.20.2 from Debian bookworm's source
// package, offline, into the cache folder of paths.mjs. Idempotent: when the stamp matches it only prints
// where the binaries are.
//   node scripts/realcluster/build.mjs [--check]
// --check exits 0 when the binaries are built and current, 1 when not (and builds nothing).
// Needs: golang-go (1.19 tested), dpkg-dev (apt-get source, dpkg-source), and a deb-src entry for bookworm
// when the source package is not downloaded yet. See README.md beside this file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildPaths, binaryPath, COMPONENTS, DEBIAN_SOURCE, isBuilt, KUBERNETES_COMMIT, KUBERNETES_VERSION,
} from './paths.mjs';

const { values: options } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const paths = buildPaths();
const SOURCE_MARKER = join(paths.source, '.cluster-anatomy-source');
const OPENAPI_FILE = join(paths.source, 'pkg', 'generated', 'openapi', 'zz_generated.openapi.go');

class BuildError extends Error {}

function log(message) {
  console.log(`[realcluster] ${message}`);
}

/** Runs one step, printing what it does and how long it took. */
function step(what, work) {
  log(`${what}…`);
  const started = Date.now();
  const result = work();
  log(`${what}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function run(command, args, { cwd, env, capture = false } = {}) {
  const result = spawnSync(command, args, {
    cwd, env: env ?? process.env, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) {
    const hint = result.error.code === 'ENOENT' ? ` (is \`${command}\` installed?)` : '';
    throw new BuildError(`could not run ${command}${hint}: ${result.error.message}`);
  }
  return result;
}

function mustRun(command, args, settings = {}) {
  const result = run(command, args, settings);
  if (result.status !== 0) {
    const output = settings.capture ? `\n${result.stdout}${result.stderr}`.trimEnd() : '';
    throw new BuildError(`${command} ${args.join(' ')} failed with exit code ${result.status}${output}`);
  }
  return result;
}

/** Go in GOPATH mode (as upstream's make for 1.20; module mode fails on this tarball), offline, no cgo. */
function goEnv() {
  return {
    ...process.env,
    GOPATH: paths.gopath, GOCACHE: paths.goCache, GO111MODULE: 'off', CGO_ENABLED: '0', GOFLAGS: '',
    GOPROXY: 'off', GOTOOLCHAIN: 'local',
  };
}

function goVersion() {
  return mustRun('go', ['env', 'GOVERSION'], { capture: true, env: goEnv() }).stdout.trim();
}

/** The version variables that `/version` and `--version` report, as upstream's hack/lib/version.sh sets them. */
function ldflags() {
  // The tarball's own date, so that two builds link the same binary (and a warm build relinks nothing).
  const buildDate = new Date(statSync(join(paths.source, 'go.mod')).mtimeMs).toISOString().replace(/\.\d+Z$/, 'Z');
  const [major, minor] = KUBERNETES_VERSION.slice(1).split('.');
  const variables = {
    gitVersion: KUBERNETES_VERSION, gitMajor: major, gitMinor: minor, gitCommit: KUBERNETES_COMMIT,
    gitTreeState: 'clean', buildDate,
  };
  const flags = ['-s', '-w', '-buildid='];
  for (const pkg of ['client-go/pkg/version', 'component-base/version']) {
    for (const [name, value] of Object.entries(variables)) flags.push(`-X k8s.io/kubernetes/vendor/k8s.io/${pkg}.${name}=${value}`);
  }
  return flags.join(' ');
}

function findDsc() {
  if (!existsSync(paths.downloads)) return undefined;
  const wanted = `${DEBIAN_SOURCE.name}_${DEBIAN_SOURCE.version}.dsc`;
  return readdirSync(paths.downloads).includes(wanted) ? join(paths.downloads, wanted) : undefined;
}

function downloadSource() {
  mkdirSync(paths.downloads, { recursive: true });
  const spec = `${DEBIAN_SOURCE.name}=${DEBIAN_SOURCE.version}`;
  const result = run('apt-get', ['source', '--download-only', spec], { cwd: paths.downloads, capture: true });
  if (result.status === 0 && findDsc()) return;
  const output = `${result.stdout}${result.stderr}`;
  let hint = '';
  if (/deb-src/.test(output)) {
    hint = '\nNo deb-src entry for bookworm. Add one, e.g. /etc/apt/sources.list.d/bookworm-src.sources:\n' +
      '  Types: deb-src\n  URIs: http://deb.debian.org/debian\n  Suites: bookworm bookworm-updates\n' +
      '  Components: main\n  Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' +
      'then run `apt-get update`.';
  } else if (/Unable to find a source package|Can not find version/.test(output)) {
    hint = `\napt knows no source package ${spec}: is there a deb-src entry for bookworm (and bookworm-security),` +
      ' and has `apt-get update` run since it was added?';
  }
  throw new BuildError(`apt-get source --download-only ${spec} failed in ${paths.downloads}:\n${output.trim()}${hint}`);
}

function extractSource(dsc) {
  // dpkg-source checks the checksums and applies Debian's patches (they touch only kubectl's printing).
  const staging = `${paths.source}.extracting`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(paths.source, { recursive: true, force: true });
  mkdirSync(join(paths.source, '..'), { recursive: true });
  mustRun('dpkg-source', ['-x', dsc, staging], { capture: true });
  renameSync(staging, paths.source);
  writeFileSync(SOURCE_MARKER, `${DEBIAN_SOURCE.version}\n`);
}

/**
 * The directories whose Go files carry a `+k8s:openapi-gen=` tag, found the way upstream's
 * Makefile.generated_files finds them: staging paths named as their vendor/ equivalents, vendor/ itself,
 * hidden and `_` folders skipped, code-generator and sample-apiserver left out.
 */
function openapiInputDirs() {
  const found = new Set();
  const walk = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || entry.name.startsWith('_')) continue;
        const child = join(dir, entry.name);
        if (child === join(paths.source, 'vendor')) continue;
        walk(child);
      } else if (entry.isFile() && entry.name.endsWith('.go')) {
        const text = readFileSync(join(dir, entry.name), 'utf8');
        if (/^\/\/ *\+k8s:/m.test(text) && text.includes('+k8s:openapi-gen=')) {
          found.add(relative(paths.source, dir).replace(/^staging\/src\//, 'vendor/'));
        }
      }
    }
  };
  walk(paths.source);
  return [...found]
    .filter((dir) => !dir.startsWith('vendor/k8s.io/code-generator/') && !dir.startsWith('vendor/k8s.io/sample-apiserver/'))
    .sort();
}

function generateOpenapi() {
  const generator = join(paths.tools, 'openapi-gen');
  mkdirSync(paths.tools, { recursive: true });
  step('building openapi-gen', () => mustRun('go', ['build', '-p', '2', '-trimpath', '-o', generator,
    './vendor/k8s.io/kube-openapi/cmd/openapi-gen'], { cwd: paths.source, env: goEnv() }));
  step('generating pkg/generated/openapi', () => {
    const inputs = openapiInputDirs().map((dir) => `k8s.io/kubernetes/${dir}`);
    const report = join(paths.tools, 'api-rule-violations.report');
    try {
      mustRun(generator, ['--logtostderr', '-i', inputs.join(','), '-p', 'k8s.io/kubernetes/pkg/generated/openapi',
        '-O', 'zz_generated.openapi', '-h', 'vendor/k8s.io/code-generator/hack/boilerplate.go.txt', '-r', report],
      { cwd: paths.source, env: goEnv(), capture: true });
      // Upstream's own check that the generator saw the same API types: its rule report equals the known list.
      const known = readFileSync(join(paths.source, 'api', 'api-rules', 'violation_exceptions.list'), 'utf8');
      if (readFileSync(report, 'utf8') !== known) {
        throw new BuildError(`openapi-gen's API rule report ${report} differs from api/api-rules/violation_exceptions.list:` +
          ' the generator did not see the same packages as upstream');
      }
    } catch (error) {
      // The file's presence means "generated": never leave a half-made one behind.
      rmSync(OPENAPI_FILE, { force: true });
      throw error;
    }
    log(`  ${inputs.length} packages; the API rule report equals upstream's violation_exceptions.list`);
  });
}

function buildBinaries(flags) {
  mkdirSync(paths.bin, { recursive: true });
  rmSync(paths.stamp, { force: true });
  step(`building ${COMPONENTS.join(', ')} (cold: about ten minutes of two cores; warm: under a minute)`, () => mustRun('go', [
    'build', '-p', '2', '-trimpath', '-tags', 'selinux,notest', '-ldflags', flags, '-o', `${paths.bin}/`,
    ...COMPONENTS.map((component) => `./cmd/${component}`),
  ], { cwd: paths.source, env: goEnv() }));
}

function writeStamp(recipe) {
  const binaries = Object.fromEntries(COMPONENTS.map((component) => {
    const { size, mtimeMs } = statSync(binaryPath(component));
    return [component, { size, mtimeMs }];
  }));
  writeFileSync(paths.stamp, `${JSON.stringify({ recipe, builtAt: new Date().toISOString(), binaries }, null, 2)}\n`);
}

function main() {
  const started = Date.now();
  // The recipe names everything that changes the binaries; a different one means rebuild.
  const recipeOf = (go, flags) => JSON.stringify({ version: KUBERNETES_VERSION, source: DEBIAN_SOURCE.version, go, flags });
  const go = step('checking Go', () => goVersion());
  const sourceReady = existsSync(SOURCE_MARKER) && readFileSync(SOURCE_MARKER, 'utf8').trim() === DEBIAN_SOURCE.version;
  const recipe = sourceReady ? recipeOf(go, ldflags()) : undefined;
  if (recipe && isBuilt(recipe)) {
    log(`${KUBERNETES_VERSION} is built (${go}): ${paths.bin}`);
    return 0;
  }
  if (options.check) {
    log(`${KUBERNETES_VERSION} is not built (or is out of date) in ${paths.bin}`);
    return 1;
  }
  log(`building Kubernetes ${KUBERNETES_VERSION} with ${go} in ${paths.kubernetes}`);
  if (!sourceReady) {
    const dsc = findDsc() ?? step(`downloading the source package (apt-get source ${DEBIAN_SOURCE.name}=${DEBIAN_SOURCE.version})`,
      () => { downloadSource(); return findDsc(); });
    step(`extracting ${dsc}`, () => extractSource(dsc));
  }
  if (!existsSync(OPENAPI_FILE)) generateOpenapi();
  const flags = ldflags();
  buildBinaries(flags);
  writeStamp(recipeOf(go, flags));
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s: ${paths.bin}`);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(`[realcluster] build failed: ${error.message}`);
  process.exitCode = 1;
}
