/**
 * An answer with what changes from one read to the next taken out (the time it was made, how long ago a Lease
 * was renewed), so two reads of the same cluster a moment apart compare equal.
 */
export function stableAnswer(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stableAnswer);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) if (!VOLATILE.has(key)) copy[key] = stableAnswer(child);
  return copy;
}

const VOLATILE = new Set(['generatedAt', 'checkedAt', 'renewedAt', 'renewedAgoSeconds', 'renewTime', 'ageSeconds']);
