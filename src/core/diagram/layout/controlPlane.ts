/** The control plane of the architecture view: kube-apiserver as the hub, etcd, the controllers and the scheduler. */
import type { ComponentId, ComponentPod } from '../../anatomy/types';
import { podsHealth } from '../../anatomy/healthPolicy';
import { shortControlPlaneModeText } from '../../anatomy/strings';
import type { BoxCard, Health, SceneBox } from '../scene';
import { format, formatCount } from '../strings';
import { SceneCanvas, componentHeight, componentWidth, formatEvidence } from './canvas';

const controlPlaneComponents = ['kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager'] as const;

export abstract class ControlPlaneLayout extends SceneCanvas {
  /** Returns the bottom of the control plane. */
  protected layoutControlPlane(hubX: number): number {
    const mode = this.anatomy.controlPlane.mode;
    const top = this.top;
    const rowA = top + 44;
    const rowB = rowA + componentHeight + 56;
    const clientX = hubX + 370;
    const client = this.addBox({
      id: 'client',
      kind: 'client',
      component: 'client',
      x: clientX,
      y: rowB,
      width: 160,
      height: componentHeight,
      label: 'kubectl',
      detail: this.strings.clients,
      health: 'neutral',
      ariaLabel: this.strings.clients,
      focusable: true,
      card: { title: 'kubectl', role: this.strings.roleClient, runsHere: [], evidence: [] },
    });
    if (mode === 'hosted' || mode === 'embedded') {
      const hosted = mode === 'hosted';
      const label = hosted ? this.strings.hostedControlPlane : this.strings.embeddedControlPlane;
      const detail = hosted ? this.strings.hostedDetail : this.strings.embeddedDetail;
      this.hub = this.addBox({
        id: 'cp:kube-apiserver',
        kind: 'component',
        component: 'kube-apiserver',
        mode,
        x: hubX - 200,
        y: rowA,
        width: 400,
        height: rowB + componentHeight - rowA,
        label,
        detail,
        health: 'ok',
        ariaLabel: `${label}: ${detail}. ${[this.anatomy.server, ...this.apiServersText()].join(', ')}`,
        focusable: true,
        card: {
          title: label,
          role: hosted ? this.strings.roleHosted : this.strings.roleEmbedded,
          runsHere: [
            hosted ? this.strings.runsHosted : detail,
            this.anatomy.server,
            ...(this.anatomy.serverVersion ? [this.anatomy.serverVersion] : []),
            ...this.apiServersText(),
          ],
          evidence: formatEvidence(
            [...this.anatomy.controlPlane.evidence, ...(this.anatomy.controlPlane.apiServers?.evidence ?? [])],
            this.strings,
          ),
        },
        target: { component: 'kube-apiserver' },
      });
      this.addEdge(
        'request',
        client,
        this.hub,
        [
          [client.x, client.y + componentHeight / 2],
          [this.hub.x + this.hub.width, client.y + componentHeight / 2],
        ],
        {},
      );
      return rowB + componentHeight;
    }
    const panel = this.addBox({
      id: 'cp',
      kind: 'panel',
      component: 'control-plane',
      x: hubX - 350,
      y: top,
      width: 700,
      height: rowB + componentHeight + 20 - top,
      label: this.strings.controlPlane,
      detail: this.modeText(),
      health: 'neutral',
      ariaLabel: this.strings.controlPlane,
      focusable: false,
    });
    const apiPods = this.podsOf('kube-apiserver');
    if (apiPods.length > 1) this.replace(panel, { label: format(this.strings.controlPlaneHa, apiPods.length) });
    const hub = this.addComponent('kube-apiserver', hubX - componentWidth / 2, rowB);
    this.hub = hub;
    const etcd = this.addComponent('etcd', hubX - componentWidth / 2 - 40 - componentWidth, rowB);
    this.addEdge(
      'storage',
      hub,
      etcd,
      [
        [hub.x, rowB + componentHeight / 2],
        [etcd.x + etcd.width, rowB + componentHeight / 2],
      ],
      {},
    );
    this.addEdge(
      'request',
      client,
      hub,
      [
        [client.x, rowB + componentHeight / 2],
        [hub.x + hub.width, rowB + componentHeight / 2],
      ],
      {},
    );
    controlPlaneComponents.forEach((component, index) => {
      const box = this.addComponent(component, hubX - (3 * componentWidth + 24) / 2 + index * (componentWidth + 12), rowA);
      if (this.drawsSpokes(box)) this.connectToHub(box, component, {}, true);
    });
    return panel.y + panel.height;
  }

  /** Whether a control-plane component's watch and write-back are drawn: not for one this cluster does not have. */
  protected drawsSpokes(box: SceneBox): boolean {
    return box.health !== 'absent';
  }

  /** What the API shows of the API servers' availability, as one line (none for anatomies that predate it). */
  protected apiServersText(): string[] {
    const seen = this.anatomy.controlPlane.apiServers;
    if (!seen) return [];
    const addresses = seen.addresses?.length ?? 0;
    if (seen.availability === 'highly-available')
      return [addresses > 1 ? format(this.strings.apiServersHa, formatCount(addresses, this.locale)) : this.strings.apiServersSeveral];
    return [seen.availability === 'single-endpoint' ? this.strings.apiServersOne : this.strings.apiServersUnknown];
  }

  protected modeText(): string {
    const s = this.strings;
    const cp = this.anatomy.controlPlane;
    const mode = shortControlPlaneModeText(cp.mode, s);
    const evidence = formatEvidence(cp.evidence, s).slice(0, 2).join(', ');
    return evidence ? `${mode} (${evidence})` : mode;
  }

  protected addComponent(component: ComponentId, x: number, y: number): SceneBox {
    const pods = this.podsOf(component);
    const absent = this.anatomy.absent.find((entry) => entry.component === component);
    const external = component === 'etcd' && this.anatomy.controlPlane.externalEtcd;
    let health: Health;
    let detail: string;
    if (pods.length) {
      health = podsHealth(pods);
      detail = format(this.strings.replicas, pods.filter((pod) => pod.ready).length, pods.length);
      // Of several replicas only the lock's holder acts: say where it runs (the card marks it in every case).
      const leader = pods.length > 1 ? pods.find((pod) => pod.leadership === 'leader') : undefined;
      if (leader) detail += ` · ${format(this.strings.leaderOn, this.nodeOfPod().get(leader) ?? '?')}`;
    } else if (external) {
      health = 'neutral';
      detail = this.strings.externalEtcd;
    } else if (this.anatomy.loading) {
      // The first paint holds the static Pods only: the rest is being listed, not missing.
      health = 'unknown';
      detail = this.strings.stillListing;
    } else if (absent || component === 'cloud-controller-manager') {
      // cloud-controller-manager with no Pod is absent (docs/anatomy.md "How the control plane runs": on-premises, laptops, kind).
      health = 'absent';
      detail = this.strings.absent;
    } else {
      health = 'unknown';
      detail = this.strings.notSeen;
    }
    let card = this.componentCard(component, pods);
    // The server's own checks outrank what its Pods say: a failing /readyz or /livez check is drawn on its box.
    const failing = component === 'kube-apiserver' ? (this.anatomy.controlPlane.serverChecks?.failing ?? []) : [];
    if (failing.length > 0) {
      health = 'error';
      detail = format(this.strings.checksFailing, failing.join(', '));
      card = { ...card, runsHere: [...card.runsHere, format(this.strings.checksFailingCard, failing.join(', '))] };
    }
    return this.addBox({
      id: `cp:${component}`,
      kind: 'component',
      component,
      x,
      y,
      width: componentWidth,
      height: componentHeight,
      label: component,
      detail,
      health,
      ariaLabel: `${component}, ${detail}`,
      focusable: true,
      card: absent
        ? {
            ...card,
            runsHere: [format(this.strings.runsAbsent, absent.why)],
            evidence: formatEvidence(absent.evidence ?? [], this.strings),
          }
        : external
          ? { ...card, runsHere: [this.strings.externalEtcd] }
          : card,
      target: pods[0] ? { component, node: undefined, pod: { namespace: pods[0].namespace, name: pods[0].pod } } : { component },
    });
  }

  protected componentCard(component: ComponentId, pods: readonly ComponentPod[]): BoxCard {
    const podNodes = this.nodeOfPod();
    const runsHere = pods.slice(0, 5).map((pod) => {
      const runs = this.runsAs(pod, podNodes.get(pod));
      return pod.leadership ? format(pod.leadership === 'leader' ? this.strings.leaderReplica : this.strings.standbyReplica, runs) : runs;
    });
    if (pods.length > 5) runsHere.push(`… +${pods.length - 5}`);
    return {
      title: component,
      role: this.roleOf(component, pods[0]?.cniName),
      runsHere: runsHere.length ? runsHere : [this.strings.runsNoPod],
      evidence: pods[0] ? formatEvidence(pods[0].evidence, this.strings) : [],
    };
  }
}
