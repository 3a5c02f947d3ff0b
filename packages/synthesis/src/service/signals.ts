/**
 * In-process wake-ups for progress watchers: whoever writes a request's progress or final status in this
 * process (the embedded worker, a cancel) signals its id, so a watcher in the same process reads the row at
 * once instead of waiting for its poll. Watchers in other replicas fall back to polling (see watch.ts).
 */
type Wake = () => void

const hubs = new WeakMap<object, Map<string, Set<Wake>>>()

const hubOf = (db: object) => {
  let hub = hubs.get(db)
  if (!hub) {
    hub = new Map()
    hubs.set(db, hub)
  }
  return hub
}

/** Wakes every watcher of request `id` on this database (same process). */
export const signalRequest = (db: object, id: string): void => {
  for (const wake of hubOf(db).get(id) ?? []) wake()
}

/** Calls `wake` whenever request `id` is signalled; returns the unsubscribe function. */
export const onRequestSignal = (db: object, id: string, wake: Wake): (() => void) => {
  const hub = hubOf(db)
  let set = hub.get(id)
  if (!set) {
    set = new Set()
    hub.set(id, set)
  }
  set.add(wake)
  return () => {
    set.delete(wake)
    if (set.size === 0 && hub.get(id) === set) hub.delete(id)
  }
}
