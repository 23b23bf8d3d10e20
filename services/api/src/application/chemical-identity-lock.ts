/** Runs tasks one at a time, in the order they asked. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const chemicalIdentityLocks = new WeakMap<object, Mutex>();

/**
 * Chemical names and CAS numbers are unique, but only the catalogue read model knows the ones in
 * use. Writes that add or rename chemicals (add, edit, contribution approval) therefore check and
 * commit under one lock per set of deps: `commit` waits until the read model has applied the
 * write, so the next holder's check sees it. This makes the check race-free within one API
 * process; across processes the appends claim the name and CAS number in the event log, which
 * refuses a key another process's write holds (`chemical-keys.ts`).
 */
export function withChemicalIdentityLock<T>(deps: object, task: () => Promise<T>): Promise<T> {
  let lock = chemicalIdentityLocks.get(deps);
  if (lock === undefined) {
    lock = new Mutex();
    chemicalIdentityLocks.set(deps, lock);
  }
  return lock.run(task);
}
