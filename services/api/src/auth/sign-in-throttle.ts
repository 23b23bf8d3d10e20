/**
 * A per-account sign-in throttle beside the per-address rate limit: after `max` failed sign-ins to
 * one email within `windowMs`, further attempts for that email are refused with 429 until the
 * window has passed, whichever addresses they come from. Unknown emails are counted the same way,
 * so the answers do not tell which emails have accounts. A successful sign-in clears the count.
 * Kept in this process (each API process counts its own attempts); at most `maxTracked` emails are
 * remembered, the oldest forgotten first.
 */
export interface SignInThrottleOptions {
  max: number;
  windowMs: number;
  maxTracked?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  /** When the first failure of the current window happened. */
  since: number;
}

export class SignInThrottle {
  private readonly failures = new Map<string, Failures>();
  private readonly maxTracked: number;
  private readonly now: () => number;

  constructor(private readonly options: SignInThrottleOptions) {
    this.maxTracked = options.maxTracked ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const left = entry.since + this.options.windowMs - this.now();
    if (left <= 0) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= this.options.max ? Math.ceil(left / 1000) : 0;
  }

  failed(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (entry && now - entry.since < this.options.windowMs) {
      entry.count += 1;
      return;
    }
    if (entry) this.failures.delete(key);
    if (this.failures.size >= this.maxTracked) this.failures.delete(this.failures.keys().next().value!);
    this.failures.set(key, { count: 1, since: now });
  }

  succeeded(key: string): void {
    this.failures.delete(key);
  }
}
