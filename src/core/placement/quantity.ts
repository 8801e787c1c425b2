/**
 * Kubernetes resource quantities ("100m", "1Gi", "1.5", "2e3") as the scheduler compares them: CPU in
 * millicores, everything else in whole units, both rounded up (resource.Quantity's MilliValue and Value).
 */

const binary: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const decimal: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

const pattern = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)|[eE]([+-]?\d+))?$/;

/** The quantity in its base unit (cores, bytes, count), or undefined when it is not a quantity. */
export function parseQuantity(text: unknown): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) ? text : undefined;
  if (typeof text !== 'string') return undefined;
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const number = Number(match[1]);
  if (match[3] !== undefined) return number * 10 ** Number(match[3]);
  const suffix = match[2] ?? '';
  return number * (binary[suffix] ?? decimal[suffix] ?? 1);
}

/** The amount the scheduler counts for one resource: millicores for cpu, whole units for the rest. */
export function schedulerAmount(resource: string, text: unknown): number | undefined {
  const value = parseQuantity(text);
  if (value === undefined) return undefined;
  // Tiny float errors (0.1 * 1000) must not round up a whole number.
  const scaled = resource === 'cpu' ? value * 1000 : value;
  return Math.ceil(Math.round(scaled * 1e6) / 1e6);
}

/** An amount as people write it: "250m" or "2" CPUs, "512Mi" of memory, plain numbers otherwise. */
export function formatAmount(resource: string, amount: number): string {
  if (resource === 'cpu') return amount % 1000 === 0 ? String(amount / 1000) : `${amount}m`;
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) {
    for (const [suffix, size] of [
      ['Gi', 2 ** 30],
      ['Mi', 2 ** 20],
      ['Ki', 2 ** 10],
    ] as const) {
      if (amount >= size && amount % size === 0) return `${amount / size}${suffix}`;
    }
    if (amount >= 2 ** 20) return `${(amount / 2 ** 20).toFixed(1)}Mi`;
  }
  return String(amount);
}
