/**
 * The single seam to the extension host. Inside VS Code it is acquireVsCodeApi(); in a plain browser (tests,
 * benchmarks) a page sets `window.clusterAnatomyHost` before loading the bundle. Messages from the host arrive
 * as window `message` events either way.
 */
import type { WebviewToHostMessage } from '../protocol/diagramProtocol';

export interface DiagramHost {
  postMessage(message: WebviewToHostMessage): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  interface Window {
    clusterAnatomyHost?: DiagramHost;
  }
  function acquireVsCodeApi(): DiagramHost;
}

let host: DiagramHost | undefined;

export function getHost(): DiagramHost {
  if (!host) {
    if (typeof acquireVsCodeApi === 'function') host = acquireVsCodeApi();
    else if (window.clusterAnatomyHost) host = window.clusterAnatomyHost;
    else throw new Error('No host: neither acquireVsCodeApi nor window.clusterAnatomyHost is defined');
  }
  return host;
}
