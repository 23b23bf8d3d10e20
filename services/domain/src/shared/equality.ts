/** JSON text with object keys sorted, so equal data gives equal text whatever the key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(v).sort()) sorted[key] = (v as Record<string, unknown>)[key];
    return sorted;
  });
}

/** Deep equality of JSON data (undefined object members count as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
  return stableStringify(a) === stableStringify(b);
}

/**
 * The members of `next` whose value differs from `current` (deep, JSON semantics), for the
 * `keys` given. Used to emit "changed fields" events and to skip no-op writes.
 */
export function changedFields<T extends object, K extends keyof T>(
  current: T,
  next: Partial<Pick<T, K>>,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (!(key in next)) continue;
    const value = next[key];
    if (value === undefined) continue;
    if (!sameJson(current[key], value)) changes[key] = value;
  }
  return changes;
}
