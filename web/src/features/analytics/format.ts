/** Counts of 1,000 or more as K, of 1,000,000 or more as M (one decimal, ".0" dropped). */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const n = Math.abs(value);
  const scaled = (amount: number, unit: string) => `${sign}${amount.toFixed(1).replace(/\.0$/, '')}${unit}`;
  if (n >= 1_000_000) return scaled(n / 1_000_000, 'M');
  // Just under a million stays below "1000K" (M starts at 1,000,000).
  if (n >= 1_000) return scaled(Math.min(n / 1_000, 999.9), 'K');
  return `${sign}${Math.round(n)}`;
}

/** Seconds as minutes:seconds (95.5 → "1:36"); hours stay in the minutes ("75:00"). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}
