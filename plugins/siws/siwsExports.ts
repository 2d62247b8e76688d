import { generateSiwsMessage as generateMessage, siwsErrorText as errorText, submitSiws as submit } from './siwsFlow.js'
import { createSiwsMessage as createMessage, parseSiwsMessage as parseMessage } from './siwsMessage.js'

// The plugin entry's flow and message functions: the same ones, bound here instead of re-exported from siwsFlow.ts and
// siwsMessage.ts. esbuild (--splitting) puts a module in the host's first load when a file the entry reaches imports or
// re-exports it and any chunk uses it, and the sign screen uses both: a module of its own that only hosts import keeps
// them with the screen, unless the host itself calls these.

/** Asks the server for a nonce bound to `address`, then builds the Sign-In With Solana message. */
export const generateSiwsMessage = generateMessage
/** Sends the signed message (authenticate for a login, link for a link) and finishes the flow through the kernel. */
export const submitSiws = submit
/** The sign screen's text for a failure. */
export const siwsErrorText = errorText
/** The Sign-In With Solana message's text. */
export const createSiwsMessage = createMessage
/** The fields of a Sign-In With Solana message, or null when `text` is not one. */
export const parseSiwsMessage = parseMessage
