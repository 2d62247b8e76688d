/** Query parameters the server's callback puts on `redirect_to` ({prefix}_oauth_*). */
export const returnParams = {
  code: 'foyer_oauth_code',
  state: 'foyer_oauth_state',
  provider: 'foyer_oauth_provider',
} as const

/** postMessage types a popup sends its opener. */
export const popupMessages = { response: 'FOYER_OAUTH_RESPONSE', error: 'FOYER_OAUTH_ERROR' } as const

/** The three return parameters when all are present; `partial` when only some are (a broken return). */
export function readReturnParams(href: string): { code: string; state: string; provider: string } | 'partial' | null {
  const q = new URL(href).searchParams
  const code = q.get(returnParams.code)
  const state = q.get(returnParams.state)
  const provider = q.get(returnParams.provider)
  if (code && state && provider) return { code, state, provider }
  return code || state || provider ? 'partial' : null
}

/** `href` without the return parameters. */
export function withoutReturnParams(href: string): string {
  const url = new URL(href)
  for (const name of Object.values(returnParams)) url.searchParams.delete(name)
  return url.href
}

/** The opener when this page is a popup opened by a page of the same origin; else null. */
export function sameOriginOpener(win: Window): Window | null {
  try {
    const opener = win.opener as Window | null
    if (!opener || opener === win || opener.closed) return null
    // Reading a cross-origin opener's location throws: that is not our app's popup.
    return opener.location.origin === win.location.origin ? opener : null
  } catch {
    return null
  }
}
