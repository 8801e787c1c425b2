/** The one typed message protocol between the diagram webview and the extension host. */
export interface ReadyMessage {
  readonly type: 'ready';
}

export type WebviewToHostMessage = ReadyMessage;
export type HostToWebviewMessage = { readonly type: 'noop' };
