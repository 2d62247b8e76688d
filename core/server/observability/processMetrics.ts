import { collectDefaultMetrics, Registry } from 'prom-client'

let shared: Registry | null = null

/**
 * The process's own metrics (CPU, memory, event-loop lag, GC: prom-client's defaults), one registry per process:
 * they describe the process, not a server, and their collectors (a GC observer, an event-loop monitor) would pile
 * up if every server instance started its own. Made on the first scrape.
 */
export function processMetrics(): Registry {
  if (!shared) {
    shared = new Registry()
    collectDefaultMetrics({ register: shared })
  }
  return shared
}
