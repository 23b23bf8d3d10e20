/**
 * A deadline for a call to another server that counts only the time this process could have read
 * its answer. A timer ticks every `tickMs`; a tick that comes late because the event loop was busy
 * (a long synchronous task in the same process, such as an image decoded by an in-process scan
 * worker) counts as at most two ticks, so a stalled loop is not mistaken for a server that does not
 * answer. The refusal itself waits for the check phase, after the poll phase has read any answer
 * that arrived meanwhile.
 */
export function withLoopDeadline<T>(
  promise: Promise<T>,
  ms: number,
  refusal: () => Error,
  tickMs = Math.max(1, Math.min(250, ms / 4)),
): Promise<T> {
  let ticker: NodeJS.Timeout | undefined;
  let later: NodeJS.Immediate | undefined;
  const deadline = new Promise<never>((_, reject) => {
    let counted = 0;
    let last = performance.now();
    ticker = setInterval(() => {
      const now = performance.now();
      counted += Math.min(now - last, 2 * tickMs);
      last = now;
      if (counted < ms) return;
      clearInterval(ticker);
      later = setImmediate(() => reject(refusal()));
    }, tickMs);
  });
  return Promise.race([promise, deadline]).finally(() => {
    clearInterval(ticker);
    if (later) clearImmediate(later);
  });
}
