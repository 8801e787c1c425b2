import { aksShape, eksShape, gkeShape } from './hosted';
import { k3sShape } from './k3s';
import { kindShape } from './kind';
import { kubeadmHaShape } from './kubeadmHa';
import { oldMasterShape } from './oldMaster';
import type { ClusterShape, ShapeName, ShapeOptions } from './types';

export type { ClusterShape, ShapeName, ShapeOptions } from './types';

/** Every cluster shape, each its own cluster on its own control plane. */
export const shapes: Record<ShapeName, (options?: ShapeOptions) => ClusterShape> = {
  kind: kindShape,
  'hosted-eks': eksShape,
  'hosted-gke': gkeShape,
  'hosted-aks': aksShape,
  k3s: k3sShape,
  'kubeadm-ha': kubeadmHaShape,
  'old-master': oldMasterShape,
};

export function shapeNamed(name: string, options?: ShapeOptions): ClusterShape {
  const make = shapes[name as ShapeName];
  if (!make) throw new Error(`no cluster shape ${name} (known: ${Object.keys(shapes).join(', ')})`);
  return make(options);
}
