import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The embedded wallet's own frame half: Ethereum signing (viem's hashing and serializers), loaded at a user's first
 * Ethereum request rather than with the wallet frame's kernel. Its server half declares it; the package build and the
 * bench list it beside the other plugins' `plugins/<id>/frame.ts`.
 */
export const OWN_FRAME_HALF = { id: 'embedded-wallet', entry: join(dirname(fileURLToPath(import.meta.url)), '..', 'frame', 'ethereum', 'ethereumHalf.ts') } as const
