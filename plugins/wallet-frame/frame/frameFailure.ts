import type { FrameErrorType } from '../channel/frameProtocol.js'

/** A handler's refusal: its spec type and a message safe to show (never key material or raw input). */
export class FrameFailure extends Error {
  constructor(
    readonly type: FrameErrorType,
    message: string,
    /** The server's code when a server route refused (the frame acts on some; the host never sees it). */
    readonly code?: string,
  ) {
    super(message)
    this.name = 'FrameFailure'
  }
}

/** The answer for anything that is not a FrameFailure: the spec's generic text, no details (they could carry secrets). */
export const GENERIC_FAILURE = 'An error has occurred, please try again.'

/**
 * Whether `error` is a FrameFailure, also one made by another bundle's copy of the class (the kernel's vault throws
 * its own; a separately built half's `instanceof` would miss it): its name and a type string.
 */
export function isFrameFailure(error: unknown): error is FrameFailure {
  return error instanceof FrameFailure || (error instanceof Error && error.name === 'FrameFailure' && typeof (error as { type?: unknown }).type === 'string')
}
