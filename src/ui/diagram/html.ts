import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

/** The folders the panel may load from: the bundle and the stylesheet, nothing else. */
export function diagramResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function diagramWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: diagramResourceRoots(extensionUri) };
}

/** A page with no data in it: everything arrives by postMessage once the script says `ready`. */
export function diagramHtml(webview: vscode.Webview, extensionUri: vscode.Uri, language: string): string {
  const nonce = randomBytes(18).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'diagram.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'diagram.css'));
  const source = webview.cspSource;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src ${source}; img-src ${source} data:; font-src ${source}`;
  const lang = /^[a-zA-Z-]{2,20}$/.test(language) ? language : 'en';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>Cluster Anatomy</title>
</head>
<body>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
