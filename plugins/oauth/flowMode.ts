import type { Foyer } from '../../core/client/types.js'

/** How the provider's page is shown: the whole tab navigates, or a popup window. */
export type OAuthFlowMode = 'redirect' | 'popup'

const modes = new WeakMap<Foyer, OAuthFlowMode>()

/** The plugin's default flow mode for a kernel (set by the plugin's setup). */
export const setDefaultFlowMode = (foyer: Foyer, flow: OAuthFlowMode) => void modes.set(foyer, flow)
/** The default flow mode; 'redirect' when the plugin didn't say. */
export const defaultFlowMode = (foyer: Foyer): OAuthFlowMode => modes.get(foyer) ?? 'redirect'
