// Builds kube-apiserver, kube-controller-manager and kube-scheduler v1.20.2 from Debian bookworm's source
// package, offline, into the cache folder of paths.mjs. Idempotent: when the stamp matches it only prints
// where the binaries are.
//   node scripts/realcluster/build.mjs [--check]
// --check exits 0 when the binaries are built and current, 1 when not (and builds nothing).
// Needs: golang-go (1.19 tested), golang-github-modern-go-reflect2-dev (replaces the vendored reflect2), dpkg-dev
// (apt-get source, dpkg-source), a deb-src entry for bookworm when the source package is not downloaded yet, and
// the project's npm packages (the smoke test runs with tsx). See README.md beside this file.
// The binaries count as built only once a smoke test has served a JSON list of a few thousand labelled Pods
// from them without a crash (smoke.mjs); the stamp records that and the reflect2 version they were built with.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { buildPaths, binaryPath, COMPONENTS, DEBIAN_SOURCE, isBuilt, KUBERNETES_COMMIT, KUBERNETES_VERSION, REFLECT2 } from './paths.mjs';

const { values: options } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const paths = buildPaths();
const SOURCE_MARKER = join(paths.source, '.cluster-anatomy-source');
const OPENAPI_FILE = join(paths.source, 'pkg', 'generated', 'openapi', 'zz_generated.openapi.go');
const REFLECT2_MARKER = join(paths.source, REFLECT2.vendored, '.cluster-anatomy-reflect2');
const REPOSITORY = join(import.meta.dirname, '..', '..');

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
    cwd,
    env: env ?? process.env,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
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

let goRoot;

/**
 * Go in GOPATH mode (as upstream's make for 1.20; module mode fails on this tarball), offline, no cgo. GOROOT is
 * set explicitly: since Go 1.19 a binary built with -trimpath (openapi-gen) finds the standard library only
 * through $GOROOT, and without it openapi-gen takes time.Duration for an unsupported type and fails.
 */
function goEnv() {
  goRoot ??= mustRun('go', ['env', 'GOROOT'], { capture: true, env: { ...process.env, GOTOOLCHAIN: 'local' } }).stdout.trim();
  return {
    ...process.env,
    GOROOT: goRoot,
    GOPATH: paths.gopath,
    GOCACHE: paths.goCache,
    GO111MODULE: 'off',
    CGO_ENABLED: '0',
    GOFLAGS: '',
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
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
    gitVersion: KUBERNETES_VERSION,
    gitMajor: major,
    gitMinor: minor,
    gitCommit: KUBERNETES_COMMIT,
    gitTreeState: 'clean',
    buildDate,
  };
  const flags = ['-s', '-w', '-buildid='];
  for (const pkg of ['client-go/pkg/version', 'component-base/version']) {
    for (const [name, value] of Object.entries(variables)) flags.push(`-X k8s.io/kubernetes/vendor/k8s.io/${pkg}.${name}=${value}`);
  }
  return flags.join(' ');
}

/** Debian's reflect2 version (`1.0.2-2`), checked to be at least the one that works with Go ≥ 1.18. */
function reflect2Version() {
  const result = run('dpkg-query', ['-W', '-f=${Version}', REFLECT2.debianPackage], { capture: true });
  const version = result.status === 0 ? result.stdout.trim() : '';
  if (!version || !existsSync(REFLECT2.source)) {
    throw new BuildError(
      `${REFLECT2.debianPackage} is not installed: \`apt-get install ${REFLECT2.debianPackage}\`` +
        ` (Kubernetes ${KUBERNETES_VERSION}'s own reflect2 v1.0.1 crashes kube-apiserver under Go ≥ 1.18)`,
    );
  }
  const upstream = version.replace(/^\d+:/, '').split('-')[0];
  const [major, minor, patch] = upstream.split('.').map(Number);
  const [wantMajor, wantMinor, wantPatch] = REFLECT2.minimumVersion.split('.').map(Number);
  const atLeast = major !== wantMajor ? major > wantMajor : minor !== wantMinor ? minor > wantMinor : patch >= wantPatch;
  if (!atLeast) throw new BuildError(`${REFLECT2.debianPackage} ${version} is older than ${REFLECT2.minimumVersion}`);
  return version;
}

/** Puts Debian's reflect2 in place of the vendored v1.0.1 (its .go and .s files; GOPATH mode reads nothing else). */
function replaceReflect2(version) {
  if (existsSync(REFLECT2_MARKER) && readFileSync(REFLECT2_MARKER, 'utf8').trim() === version) return;
  const target = join(paths.source, REFLECT2.vendored);
  const isCode = (name) => name.endsWith('.go') || name.endsWith('.s');
  for (const name of readdirSync(target).filter(isCode)) rmSync(join(target, name));
  const copied = readdirSync(REFLECT2.source).filter(isCode);
  for (const name of copied) copyFileSync(join(REFLECT2.source, name), join(target, name));
  writeFileSync(REFLECT2_MARKER, `${version}\n`);
  log(`  ${REFLECT2.vendored}: ${copied.length} files of ${REFLECT2.debianPackage} ${version}`);
}

/**
 * Starts the new binaries on their own etcd and lists a few thousand labelled Pods as JSON from them
 * (smoke.mjs): the failure that a reflect2 too old for this Go shows. Returns what the smoke test measured.
 */
function smokeTest() {
  const script = join(REPOSITORY, 'scripts', 'realcluster', 'smoke.mjs');
  if (!existsSync(join(REPOSITORY, 'node_modules', 'tsx'))) {
    throw new BuildError("the smoke test needs the project's npm packages: run `npm ci` first");
  }
  const result = run(process.execPath, ['--import', 'tsx', script], {
    cwd: REPOSITORY,
    capture: true,
  });
  const output = `${result.stdout}${result.stderr}`.trimEnd();
  const report = /^smoke-report (.*)$/m.exec(result.stdout)?.[1];
  if (result.status !== 0 || !report) throw new BuildError(`the smoke test failed:\n${output}`);
  const figures = JSON.parse(report);
  log(
    `  ${figures.pods} Pods listed ${figures.lists} times as JSON (${figures.megabytes} MB each, slowest ${figures.slowestMs} ms);` +
      ' kube-apiserver kept its pid',
  );
  return figures;
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
    hint =
      '\nNo deb-src entry for bookworm. Add one, e.g. /etc/apt/sources.list.d/bookworm-src.sources:\n' +
      '  Types: deb-src\n  URIs: http://deb.debian.org/debian\n  Suites: bookworm bookworm-updates\n' +
      '  Components: main\n  Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' +
      'then run `apt-get update`.';
  } else if (/Unable to find a source package|Can not find version/.test(output)) {
    hint =
      `\napt knows no source package ${spec}: is there a deb-src entry for bookworm (and bookworm-security),` +
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
  step('building openapi-gen', () =>
    mustRun('go', ['build', '-p', '2', '-trimpath', '-o', generator, './vendor/k8s.io/kube-openapi/cmd/openapi-gen'], {
      cwd: paths.source,
      env: goEnv(),
    }),
  );
  step('generating pkg/generated/openapi', () => {
    const inputs = openapiInputDirs().map((dir) => `k8s.io/kubernetes/${dir}`);
    const report = join(paths.tools, 'api-rule-violations.report');
    try {
      mustRun(
        generator,
        [
          '--logtostderr',
          '-i',
          inputs.join(','),
          '-p',
          'k8s.io/kubernetes/pkg/generated/openapi',
          '-O',
          'zz_generated.openapi',
          '-h',
          'vendor/k8s.io/code-generator/hack/boilerplate.go.txt',
          '-r',
          report,
        ],
        { cwd: paths.source, env: goEnv(), capture: true },
      );
      // Upstream's own check that the generator saw the same API types: its rule report equals the known list.
      const known = readFileSync(join(paths.source, 'api', 'api-rules', 'violation_exceptions.list'), 'utf8');
      if (readFileSync(report, 'utf8') !== known) {
        throw new BuildError(
          `openapi-gen's API rule report ${report} differs from api/api-rules/violation_exceptions.list:` +
            ' the generator did not see the same packages as upstream',
        );
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
  step(`building ${COMPONENTS.join(', ')} (cold: about ten minutes of two cores; warm: under a minute)`, () =>
    mustRun(
      'go',
      [
        'build',
        '-p',
        '2',
        '-trimpath',
        '-tags',
        'selinux,notest',
        '-ldflags',
        flags,
        '-o',
        `${paths.bin}/`,
        ...COMPONENTS.map((component) => `./cmd/${component}`),
      ],
      { cwd: paths.source, env: goEnv() },
    ),
  );
}

function writeStamp(recipe, reflect2, smoke) {
  const binaries = Object.fromEntries(
    COMPONENTS.map((component) => {
      const { size, mtimeMs } = statSync(binaryPath(component));
      return [component, { size, mtimeMs }];
    }),
  );
  const stamp = { recipe, builtAt: new Date().toISOString(), reflect2, binaries, ...(smoke && { smokeTest: smoke }) };
  writeFileSync(paths.stamp, `${JSON.stringify(stamp, null, 2)}\n`);
}

function main() {
  const started = Date.now();
  // The recipe names everything that changes the binaries; a different one means rebuild.
  const recipeOf = (go, flags) =>
    JSON.stringify({
      version: KUBERNETES_VERSION,
      source: DEBIAN_SOURCE.version,
      go,
      reflect2,
      flags,
    });
  const go = step('checking Go', () => goVersion());
  const reflect2 = reflect2Version();
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
  log(`building Kubernetes ${KUBERNETES_VERSION} with ${go} and reflect2 ${reflect2} in ${paths.kubernetes}`);
  if (!sourceReady) {
    const dsc =
      findDsc() ??
      step(`downloading the source package (apt-get source ${DEBIAN_SOURCE.name}=${DEBIAN_SOURCE.version})`, () => {
        downloadSource();
        return findDsc();
      });
    step(`extracting ${dsc}`, () => extractSource(dsc));
  }
  step('replacing the vendored reflect2', () => replaceReflect2(reflect2));
  if (!existsSync(OPENAPI_FILE)) generateOpenapi();
  const flags = ldflags();
  buildBinaries(flags);
  // Built but not yet good: only the smoke test may start binaries whose stamp has no smokeTest.
  writeStamp(recipeOf(go, flags), reflect2);
  let smoke;
  try {
    smoke = step('smoke test: a JSON list of labelled Pods from the new kube-apiserver', () => smokeTest());
  } catch (error) {
    rmSync(paths.stamp, { force: true });
    throw error;
  }
  writeStamp(recipeOf(go, flags), reflect2, { passedAt: new Date().toISOString(), ...smoke });
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
