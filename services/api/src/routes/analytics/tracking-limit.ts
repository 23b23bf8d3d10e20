/**
 * The per-address limit on tracking calls: at most `max` calls per client address in a window of
 * `windowMs` that starts with the address's first call. A check is a map lookup or two and an
 * increment, synchronous: tracking calls are the API's busiest route, and a general rate-limit
 * plugin (key generator, store callback, promises, three headers per answer) costs several times
 * as much per call. Forgetting is by generations: every `windowMs` the table becomes the previous
 * one and the one before is dropped whole, so an address is forgotten only after its window ended
 * and no timer or sweep runs per address.
 */
export interface TrackingLimitOptions {
  max: number;
  windowMs: number;
  now?: () => number;
}

interface Window {
  count: number;
  endsAt: number;
}

export class TrackingLimit {
  private current = new Map<string, Window>();
  private previous = new Map<string, Window>();
  private rotateAt = 0;
  private readonly max: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: TrackingLimitOptions) {
    if (!(options.max > 0) || !(options.windowMs > 0)) {
      throw new Error('A tracking limit needs a positive max and window');
    }
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one call from `address`: null when it is within the limit, otherwise the milliseconds
   * until its window ends (the call is refused; refused calls count too, so a flood stays refused).
   */
  hit(address: string): number | null {
    const now = this.now();
    if (now >= this.rotateAt) {
      this.previous = this.current;
      this.current = new Map();
      this.rotateAt = now + this.windowMs;
    }
    let window = this.current.get(address);
    if (window === undefined) {
      window = this.previous.get(address);
      if (window !== undefined) this.current.set(address, window);
    }
    if (window === undefined || now >= window.endsAt) {
      window = { count: 0, endsAt: now + this.windowMs };
      this.current.set(address, window);
    }
    window.count++;
    return window.count > this.max ? window.endsAt - now : null;
  }
}

/** "1 second", "42 seconds", "1 minute", "2 minutes": how long a refused caller should wait. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
