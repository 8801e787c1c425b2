/** Where the list of kubeconfig files came from, in the order kubectl (and we) look. */
export type KubeconfigSource = 'setting' | 'env' | 'default';

/** One raw kubeconfig entry (`clusters[]`, `users[]` or `contexts[]` item) and where it was defined. */
export interface KubeconfigEntry<T> {
  readonly name: string;
  /** The entry's body (`cluster`, `user` or `context` map), with relative file paths made absolute. */
  readonly value: T;
  /** Absolute path of the file that defined it (the first file wins, as in kubectl). */
  readonly file: string;
  /** 1-based line of the list item in that file. */
  readonly line: number;
}

export interface ExecConfig {
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: readonly { name: string; value: string }[];
  readonly apiVersion?: string;
  readonly [key: string]: unknown;
}

export interface ClusterBody {
  readonly server?: string;
  readonly 'certificate-authority'?: string;
  readonly 'certificate-authority-data'?: string;
  readonly [key: string]: unknown;
}

export interface UserBody {
  readonly token?: string;
  readonly tokenFile?: string;
  readonly 'client-certificate'?: string;
  readonly 'client-key'?: string;
  readonly exec?: ExecConfig;
  readonly 'auth-provider'?: { readonly name?: string; readonly config?: Record<string, string> };
  readonly [key: string]: unknown;
}

export interface ContextBody {
  readonly cluster?: string;
  readonly user?: string;
  readonly namespace?: string;
  readonly [key: string]: unknown;
}

/** What we know about one file of the list, whether or not it exists. */
export interface KubeconfigFile {
  /** Absolute path. */
  readonly path: string;
  readonly exists: boolean;
  /** The file's own `current-context`, when it sets one. */
  readonly currentContext?: string;
  /** True when the file could not be parsed at all (YAML errors or a root that is not a map). */
  readonly broken: boolean;
}

/** The files merged the way kubectl merges them. */
export interface MergedKubeconfig {
  readonly source: KubeconfigSource;
  readonly files: readonly KubeconfigFile[];
  readonly clusters: ReadonlyMap<string, KubeconfigEntry<ClusterBody>>;
  readonly users: ReadonlyMap<string, KubeconfigEntry<UserBody>>;
  readonly contexts: ReadonlyMap<string, KubeconfigEntry<ContextBody>>;
  /** From the first file that sets a non-empty `current-context`. */
  readonly currentContext?: string;
  /** The file `currentContext` came from, and its line. */
  readonly currentContextFile?: string;
  readonly currentContextLine?: number;
  /** Problems found while reading: missing files, YAML errors, wrong shapes, duplicate names. */
  readonly problems: readonly KubeconfigProblem[];
}

/** One context as the CLI, the status bar and the QuickPick show it. */
export interface ContextDescription {
  readonly name: string;
  readonly cluster: string;
  readonly user: string;
  readonly namespace: string;
  /** Empty when the cluster is missing. */
  readonly server: string;
  /** The file that defined the context. */
  readonly file: string;
  readonly current: boolean;
}

export type KubeconfigProblemKind =
  | 'noKubeconfig'
  | 'missingFile'
  | 'yamlError'
  | 'invalidFile'
  | 'duplicateName'
  | 'missingContext'
  | 'missingCluster'
  | 'missingUser'
  | 'unreadableFile'
  | 'execNotFound'
  | 'tokenExpired'
  | 'needsTrust';

/**
 * A problem with the kubeconfig, as data. `message` is a complete English sentence with secrets redacted
 * (the CLI prints it; the UI may build a localised one from `kind` and the other fields).
 */
export interface KubeconfigProblem {
  readonly kind: KubeconfigProblemKind;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly file?: string;
  /** 1-based. */
  readonly line?: number;
  /** The entry the problem is about: a context, a cluster or a user, by name. */
  readonly entry?: { readonly type: 'context' | 'cluster' | 'user'; readonly name: string };
  /** The other name involved: the missing cluster or user, the unreadable path, the exec command. */
  readonly subject?: string;
}

export interface KubeconfigState {
  readonly source: KubeconfigSource;
  readonly files: readonly KubeconfigFile[];
  /** Sorted by name, as `kubectl config get-contexts` sorts them. */
  readonly contexts: readonly ContextDescription[];
  /** The context in use: a session-only choice when one is active, else the files' current-context. */
  readonly current?: string;
  /** True when `current` is a session-only choice that no file records. */
  readonly sessionOnly: boolean;
  readonly problems: readonly KubeconfigProblem[];
}
