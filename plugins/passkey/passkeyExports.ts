import { addPasskey as add, linkPasskey as link, loginWithPasskey as login, signupWithPasskey as signup, unlinkPasskey as unlink } from './passkeyCeremonies.js'
import { passkeyDisplayName as displayName } from './passkeyDisplayName.js'

// The plugin entry's ceremony functions and passkeyDisplayName: the same functions, bound here instead of re-exported
// from their modules. esbuild (--splitting) puts a module in the host's first load when a file the entry reaches
// imports or re-exports it and any chunk uses it, and the passkey screens use these: a module of its own that only
// hosts import (the plugin's code imports the originals) keeps the ceremonies (and their WebAuthn wire conversions)
// with the screens, unless the host itself calls them.

/** Logs in with an existing passkey (discoverable credential; no user name asked). */
export const loginWithPasskey = login
/** Creates a new user with a new passkey (signup, no session needed). */
export const signupWithPasskey = signup
/** Adds a passkey to the logged-in user (up to 5). */
export const linkPasskey = link
/** Registers a new passkey and links it to the logged-in user, without finishing a link flow: answers the user and the credential id. */
export const addPasskey = add
/** Removes one of the user's passkeys; answers the updated user (also set on the session). */
export const unlinkPasskey = unlink
/** The spec's display name of a passkey: 'name on browser'; else 'browser on OS'; else the browser alone; else 'Unknown device'. */
export const passkeyDisplayName = displayName
