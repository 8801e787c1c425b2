/**
 * Diagram styles. The structure rules use --ca-* custom properties only; the light palette below makes a
 * standalone file (CLI, export), the webview adopts the same rules, and media/diagram.css maps the properties
 * to --vscode-* theme colours (a unit test checks it defines every one the rules use).
 */
export const diagramStructureCss = `
.ca-diagram { font-family: var(--ca-font, sans-serif); font-size: 12px; background: var(--ca-bg); }
.ca-shape { fill: var(--ca-box-bg); stroke: var(--ca-box-border); stroke-width: 1.2; }
.ca-kind-panel .ca-shape { fill: var(--ca-panel-bg); stroke: var(--ca-panel-border); }
.ca-kind-group .ca-shape { fill: var(--ca-panel-bg); stroke: var(--ca-panel-border); stroke-dasharray: 6 3; }
.ca-kind-pager .ca-shape { fill: var(--ca-button-bg); stroke: none; }
.ca-kind-pager .ca-label { fill: var(--ca-button-fg); }
.ca-kind-folder .ca-shape { fill: none; stroke-dasharray: 3 2; }
.ca-kind-client .ca-shape { fill: none; stroke-dasharray: 2 2; }
.ca-label { fill: var(--ca-fg); font-weight: 600; }
.ca-detail, .ca-badge { fill: var(--ca-muted); font-size: 10.5px; }
.ca-badge { font-style: italic; }
.ca-health-ok .ca-shape { stroke: var(--ca-ok); }
.ca-health-warn .ca-shape { stroke: var(--ca-warn); stroke-width: 2; }
.ca-health-error .ca-shape { stroke: var(--ca-error); stroke-width: 2.5; }
.ca-health-unknown .ca-shape { stroke: var(--ca-muted); stroke-dasharray: 4 3; }
.ca-health-stale .ca-shape { fill: var(--ca-stale-bg); stroke: var(--ca-muted); }
.ca-health-stale .ca-label { fill: var(--ca-muted); }
.ca-health-absent .ca-shape { fill: none; stroke: var(--ca-muted); stroke-dasharray: 5 4; }
.ca-health-absent .ca-label, .ca-health-absent .ca-detail { fill: var(--ca-muted); }
.ca-health-hidden .ca-shape { fill: var(--ca-hidden-bg); stroke: var(--ca-muted); stroke-dasharray: 1.5 3; stroke-width: 1.6; }
.ca-health-hidden .ca-label { fill: var(--ca-muted); }
.ca-health-hidden .ca-detail { fill: var(--ca-muted); font-style: italic; }
.ca-kind-panel.ca-health-ok .ca-shape, .ca-kind-panel.ca-health-neutral .ca-shape { stroke: var(--ca-panel-border); }
.ca-source-static .ca-shape { fill: var(--ca-static-bg); }
.ca-source-daemonset .ca-shape { fill: var(--ca-daemonset-bg); }
.ca-source-deployment .ca-shape, .ca-source-replicaset .ca-shape { fill: var(--ca-deployment-bg); }
.ca-edge, .ca-swatch { fill: none; stroke: var(--ca-edge); stroke-width: 1.4; }
.ca-edge-write-back { stroke: var(--ca-write); stroke-dasharray: 5 3; }
.ca-edge-storage { stroke: var(--ca-storage); stroke-width: 2.4; }
.ca-edge-cri, .ca-edge-runs, .ca-edge-manifests { stroke: var(--ca-local); }
.ca-edge-manifests { stroke-dasharray: 2 2; }
.ca-edge-reverse { stroke: var(--ca-reverse); stroke-dasharray: 1 3; stroke-width: 2; }
.ca-edge-request { stroke: var(--ca-muted); }
.ca-marker path { fill: var(--ca-edge); }
.ca-title { fill: var(--ca-fg); font-size: 15px; font-weight: 600; }
.ca-subtitle, .ca-legend-text { fill: var(--ca-muted); font-size: 10.5px; }
.ca-legend-text { fill: var(--ca-fg); }
.ca-legend-frame { fill: none; stroke: var(--ca-panel-border); }
.ca-legend-title { fill: var(--ca-fg); font-weight: 600; }
`;

export const lightPalette = `
.ca-diagram {
  --ca-bg: #ffffff; --ca-fg: #1f2328; --ca-muted: #6e7781; --ca-box-bg: #ffffff; --ca-box-border: #8c959f;
  --ca-panel-bg: #f6f8fa; --ca-panel-border: #d0d7de; --ca-button-bg: #0969da; --ca-button-fg: #ffffff;
  --ca-ok: #1a7f37; --ca-warn: #bf8700; --ca-error: #cf222e; --ca-stale-bg: #eaeef2; --ca-hidden-bg: #f6f8fa;
  --ca-static-bg: #fff8c5; --ca-daemonset-bg: #ddf4ff; --ca-deployment-bg: #fbefff;
  --ca-edge: #57606a; --ca-write: #8250df; --ca-storage: #953800; --ca-local: #1a7f37; --ca-reverse: #bc4c00;
}
`;

export const lightStylesheet = `${lightPalette}${diagramStructureCss}`;
