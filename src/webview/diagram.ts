import type { WebviewToHostMessage } from '../protocol/diagramProtocol';

declare function acquireVsCodeApi(): { postMessage(message: WebviewToHostMessage): void };

acquireVsCodeApi().postMessage({ type: 'ready' });
