import type { Foyer } from '../types.js'
import type { BatchExecutor } from './batchExecutor.js'

/**
 * The executor that sends `owner`'s batches on `chainId` atomically: the first loaded plugin's `batchExecutor` slot that
 * has one right now (a smart wallet built for that owner on that chain), else null (the calls then go one by one).
 */
export function atomicBatchExecutor(foyer: Foyer, request: { owner: string; chainId: number }): BatchExecutor | null {
  for (const plugin of foyer.registry.plugins) {
    const executor = plugin.batchExecutor?.executorFor(foyer, request)
    if (executor) return executor
  }
  return null
}
