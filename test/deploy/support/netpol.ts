/**
 * A small NetworkPolicy evaluator (networking.k8s.io/v1 semantics, pods only): is a connection from
 * one pod to another on a TCP port allowed by the rendered policies? Policies add up; a pod selected
 * by no policy of a direction is open in that direction; a rule without peers admits every peer, a
 * rule without ports every port. ipBlock peers never match a pod (pod addresses are unknown here), so
 * a pod-to-pod answer never depends on them.
 */
import type { KubeObject } from './kube-schema.ts';

export interface Pod {
  name: string;
  namespace: string;
  labels: Record<string, string>;
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }>;
}
interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: Array<{ port?: number | string; endPort?: number; protocol?: string }>;
}
interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: Array<'Ingress' | 'Egress'>;
  ingress?: Rule[];
  egress?: Rule[];
}

export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, e.key);
    const value = labels[e.key];
    if (e.operator === 'In' && !(has && e.values?.includes(value!))) return false;
    if (e.operator === 'NotIn' && has && e.values?.includes(value!)) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const namespaceLabels = (ns: string) => ({ 'kubernetes.io/metadata.name': ns });

function peerMatches(peer: Peer, pod: Pod, policyNamespace: string): boolean {
  if (peer.ipBlock) return false;
  if (peer.namespaceSelector) {
    return selects(peer.namespaceSelector, namespaceLabels(pod.namespace)) && selects(peer.podSelector, pod.labels);
  }
  return pod.namespace === policyNamespace && selects(peer.podSelector, pod.labels);
}

function ruleAdmits(rule: Rule, peers: Peer[] | undefined, pod: Pod, port: number, policyNamespace: string): boolean {
  const portOk =
    !rule.ports?.length ||
    rule.ports.some(
      (p) => p.port === undefined || p.port === port || (typeof p.port === 'number' && p.endPort !== undefined && port >= p.port && port <= p.endPort),
    );
  const peerOk = !peers?.length || peers.some((peer) => peerMatches(peer, pod, policyNamespace));
  return portOk && peerOk;
}

export class NetworkPolicies {
  private readonly policies: Array<{ namespace: string; spec: PolicySpec; name: string }>;

  constructor(objects: KubeObject[], defaultNamespace: string) {
    this.policies = objects
      .filter((o) => o.kind === 'NetworkPolicy')
      .map((o) => ({ namespace: o.metadata.namespace ?? defaultNamespace, spec: o.spec as PolicySpec, name: o.metadata.name }));
  }

  private applying(pod: Pod, direction: 'Ingress' | 'Egress') {
    return this.policies.filter(
      (p) =>
        p.namespace === pod.namespace &&
        selects(p.spec.podSelector, pod.labels) &&
        (p.spec.policyTypes ?? (direction === 'Ingress' || p.spec.egress ? ['Ingress', ...(p.spec.egress ? ['Egress'] : [])] : [])).includes(direction),
    );
  }

  /** True when `from` may open a TCP connection to `to` on `port`. */
  allows(from: Pod, to: Pod, port: number): boolean {
    const ingress = this.applying(to, 'Ingress');
    const ingressOk = !ingress.length || ingress.some((p) => (p.spec.ingress ?? []).some((r) => ruleAdmits(r, r.from, from, port, p.namespace)));
    const egress = this.applying(from, 'Egress');
    const egressOk = !egress.length || egress.some((p) => (p.spec.egress ?? []).some((r) => ruleAdmits(r, r.to, to, port, p.namespace)));
    return ingressOk && egressOk;
  }

  /** Whether any policy selects the pod (both directions must be covered for a pod of the system). */
  covers(pod: Pod): { ingress: boolean; egress: boolean } {
    return { ingress: this.applying(pod, 'Ingress').length > 0, egress: this.applying(pod, 'Egress').length > 0 };
  }
}
