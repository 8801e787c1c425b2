/** What `activate()` returns to other extensions and to the tests. Versioned: fields are only ever added. */
export interface ClusterAnatomyApi {
  readonly apiVersion: 1;
  readonly extensionVersion: string;
  /** Milliseconds spent in activate(), measured in the host. */
  readonly activationMs: number;
}
