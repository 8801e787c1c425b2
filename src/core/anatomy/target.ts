/** A Pod by namespace and name. */
export interface PodRef {
  readonly namespace: string;
  readonly name: string;
}

/**
 * What a view can point at and another can show: a component, a node, a Pod, or a component on a node. The
 * tree, the diagram, the protocol between them and the extension API all speak of targets in this one shape.
 */
export interface AnatomyTarget {
  readonly component?: string;
  readonly node?: string;
  readonly pod?: PodRef;
}
