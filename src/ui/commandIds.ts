/** Every command the extension registers, as contributed in package.json: the one place their ids are written. */
export const CommandIds = {
  showLog: 'clusterAnatomy.showLog',
  // The status-bar context switcher
  switchContext: 'clusterAnatomy.switchContext',
  chooseKubeconfig: 'clusterAnatomy.chooseKubeconfig',
  // The demo cluster
  openDemoCluster: 'clusterAnatomy.openDemoCluster',
  stopDemoCluster: 'clusterAnatomy.stopDemoCluster',
  // The tree
  refresh: 'clusterAnatomy.refresh',
  retry: 'clusterAnatomy.retry',
  showYaml: 'clusterAnatomy.showYaml',
  showEvents: 'clusterAnatomy.showEvents',
  copyName: 'clusterAnatomy.copyName',
  copyAsMarkdown: 'clusterAnatomy.copyAsMarkdown',
  refreshHealth: 'clusterAnatomy.refreshHealth',
  // The diagram
  showDiagram: 'clusterAnatomy.showDiagram',
  revealInDiagram: 'clusterAnatomy.revealInDiagram',
  playWalkthrough: 'clusterAnatomy.playWalkthrough',
  /** Where a Pod (or a workload's Pods) can run, node by node, in the diagram's placement view. */
  explainPlacement: 'clusterAnatomy.explainPlacement',
  /** The same question for a waiting Pod or a workload's Pods ("Where Can It Run?"). */
  whereCanItRun: 'clusterAnatomy.whereCanItRun',
  /** Not in the palette: the last render report, for the integration tests. */
  diagramRenderReport: 'clusterAnatomy.diagramRenderReport',
} as const;
