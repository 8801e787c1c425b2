/**
 * Tells whether a command line the learner ran is one of a step's kubectl commands. Tolerant of how people type
 * kubectl (flags in any order, `-n` or `--namespace`, `-owide`, `po` for `pods`, the alias `k`, a pipe after it)
 * but not of what changes what it shows: the verb, the resources, the object, the namespace, the selector, and
 * the output format where the step needs one (`-o wide` for the nodes Pods run on, `-o yaml` for renewTime).
 */

/** One kubectl command, reduced to what decides what it shows. */
export interface KubectlCommand {
  readonly verb: string;
  /** Resource kinds, canonical and sorted (`daemonsets,deployments`, `ds,deploy` and `deploy,ds` are the same). */
  readonly resources: readonly string[];
  readonly name?: string;
  /** Namespace given with -n/--namespace; `*` for -A/--all-namespaces. */
  readonly namespace?: string;
  /** -l/--selector, its terms sorted. */
  readonly selector?: string;
  readonly output?: string;
  readonly context?: string;
}

/** What a step's command expects besides its own words: which object names count, and the context it reads. */
export interface MatchOptions {
  /** Object names that count in place of the expected one (any node for `describe node <node name>`). */
  readonly names?: readonly string[];
  /** A command naming no object counts too (`kubectl describe nodes` shows every node's versions). */
  readonly nameOptional?: boolean;
  /** The context the checks read: a command naming another context read another cluster. */
  readonly context?: string;
}

const RESOURCE_ALIASES: Readonly<Record<string, string>> = {
  node: 'nodes',
  no: 'nodes',
  pod: 'pods',
  po: 'pods',
  daemonset: 'daemonsets',
  ds: 'daemonsets',
  deployment: 'deployments',
  deploy: 'deployments',
  service: 'services',
  svc: 'services',
  lease: 'leases',
};

/** Flags that take a value as the next word (those the hands-on uses, and common ones that would be misread). */
const VALUE_FLAGS = new Set([
  '-n',
  '--namespace',
  '-l',
  '--selector',
  '-o',
  '--output',
  '--context',
  '--kubeconfig',
  '--cluster',
  '--user',
  '--sort-by',
  '--field-selector',
  '-L',
  '--label-columns',
  '-c',
  '--container',
  '--request-timeout',
  '-s',
  '--server',
  '--token',
  '--as',
  '--as-group',
  '--template',
  '--chunk-size',
  '-f',
  '--filename',
  '-v',
  '--v',
]);

const FLAG_NAMES: Readonly<Record<string, keyof Pick<KubectlCommand, 'namespace' | 'selector' | 'output' | 'context'>>> = {
  '-n': 'namespace',
  '--namespace': 'namespace',
  '-l': 'selector',
  '--selector': 'selector',
  '-o': 'output',
  '--output': 'output',
  '--context': 'context',
};

/** Programs that are kubectl: the binary (by any path, .exe on Windows) and the alias most people use. */
const KUBECTL = /^(?:.*[/\\])?(?:kubectl(?:\.exe)?|k)$/;

/**
 * The words of a shell line, split into simple commands at `;`, `&&`, `||`, `|` and new lines; quotes and
 * backslashes as a POSIX shell reads them. Good enough to read a command; it runs nothing.
 */
export function shellCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  const endWord = () => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) word += line[++index];
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < line.length) {
      const next = line[++index]!;
      // A backslash before a new line continues the line.
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
    } else if (char === ' ' || char === '\t') {
      endWord();
    } else if (char === ';' || char === '\n' || char === '|' || char === '&') {
      endCommand();
      if ((char === '|' || char === '&') && line[index + 1] === char) index++;
    } else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/** A simple command as kubectl reads it, or undefined when it is not kubectl. */
export function parseKubectl(words: readonly string[]): KubectlCommand | undefined {
  let start = 0;
  // Variables set for the one command (KUBECONFIG=… kubectl …).
  while (start < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[start]!)) start++;
  if (!KUBECTL.test(words[start] ?? '')) return undefined;
  const positional: string[] = [];
  const values: { -readonly [K in keyof KubectlCommand]?: string } = {};
  let allNamespaces = false;
  const rest = words.slice(start + 1);
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!;
    if (word === '--') {
      positional.push(...rest.slice(index + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positional.push(word);
      continue;
    }
    let flag = word;
    let value: string | undefined;
    const equals = word.indexOf('=');
    if (word.startsWith('--') && equals > 0) {
      flag = word.slice(0, equals);
      value = word.slice(equals + 1);
    } else if (!word.startsWith('--') && word.length > 2) {
      // -nkube-system, -owide, -n=kube-system; -A stays a flag of its own.
      flag = word.slice(0, 2);
      value = word.slice(2).replace(/^=/, '');
    }
    if (flag === '-A' || flag === '--all-namespaces') {
      allNamespaces = value === undefined || value === 'true';
      continue;
    }
    if (value === undefined && VALUE_FLAGS.has(flag)) value = rest[++index];
    const field = FLAG_NAMES[flag];
    if (field && value !== undefined) values[field] = value;
  }
  const [verb, kinds, ...names] = positional;
  if (!verb) return undefined;
  let resourceWords = kinds ?? '';
  let name = names[0];
  // kubectl get node/multi-node-worker
  const slash = resourceWords.indexOf('/');
  if (slash > 0 && name === undefined) {
    name = resourceWords.slice(slash + 1);
    resourceWords = resourceWords.slice(0, slash);
  }
  const resources = [...new Set(resourceWords.split(',').filter(Boolean).map(canonicalResource))].sort();
  const namespace = allNamespaces ? '*' : values.namespace;
  return {
    verb,
    resources,
    ...(name !== undefined && { name }),
    ...(namespace !== undefined && { namespace }),
    ...(values.selector !== undefined && { selector: canonicalSelector(values.selector) }),
    ...(values.output !== undefined && { output: values.output }),
    ...(values.context !== undefined && { context: values.context }),
  };
}

function canonicalResource(word: string): string {
  const lower = word.toLowerCase();
  // kubectl also takes a kind with its group (deployments.apps, leases.coordination.k8s.io).
  const plain = lower.split('.')[0]!;
  return RESOURCE_ALIASES[plain] ?? plain;
}

function canonicalSelector(selector: string): string {
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .sort()
    .join(',');
}

/** yaml and json show the same fields; wide is its own table. */
const sameOutput = (a: string, b: string) => a === b || (['yaml', 'json'].includes(a) && ['yaml', 'json'].includes(b));

/** True when `typed` shows what `expected` shows, as the step reads it. */
export function commandMatches(typed: KubectlCommand, expected: KubectlCommand, options: MatchOptions = {}): boolean {
  if (typed.verb !== expected.verb) return false;
  if (typed.resources.join(',') !== expected.resources.join(',')) return false;
  if (expected.name === undefined ? typed.name !== undefined : !nameCounts(typed.name, expected.name, options)) return false;
  if (expected.namespace !== undefined) {
    // A list over every namespace shows kube-system's too; one object needs its own namespace.
    const everywhere = typed.namespace === '*' && typed.name === undefined;
    if (typed.namespace !== expected.namespace && !everywhere) return false;
  }
  if ((typed.selector ?? '') !== (expected.selector ?? '')) return false;
  if (expected.output !== undefined && !sameOutput(typed.output ?? '', expected.output)) return false;
  if (typed.context !== undefined && options.context !== undefined && typed.context !== options.context) return false;
  return true;
}

function nameCounts(typed: string | undefined, expected: string, options: MatchOptions): boolean {
  if (typed === undefined) return options.nameOptional === true;
  return typed === expected || (options.names?.includes(typed) ?? false);
}

/** The indices of `expected` that some simple command of the line matches. */
export function matchLine(line: string, expected: readonly (readonly [KubectlCommand, MatchOptions])[]): number[] {
  const typed = shellCommands(line)
    .map(parseKubectl)
    .filter((command): command is KubectlCommand => command !== undefined);
  return expected.flatMap(([command, options], index) =>
    typed.some((candidate) => commandMatches(candidate, command, options)) ? [index] : [],
  );
}
