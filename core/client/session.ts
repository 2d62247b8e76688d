import { batch } from '@preact/signals-core'
import { ApiError } from '../errors/index.js'
import { paths, toUser, type RawUser, type TokenResponse, type User } from '../protocol/index.js'
import { withCrossTabLock } from './crossTabLock.js'
import type { Http } from './http.js'
import { decodeJwt, EXPIRY_MARGIN_SECONDS, hasAudience, isTokenActive } from './jwt.js'
import type { FoyerState } from './state/createState.js'
import type { Emitter, FoyerStorage, SessionManager } from './types.js'

/** The refresh-marker cookie lives 30 days (lets a host's server know a session may exist). */
export const REFRESH_MARKER_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
export const REFRESH_MARKER_COOKIE = 'foyer-session'

interface SessionDeps {
  appId: string
  http: Http
  storage: FoyerStorage
  state: FoyerState
  emitter: Emitter
}

/** Storage keys of one app's session. */
export function sessionKeys(appId: string) {
  return {
    token: `foyer:${appId}:token`,
    refreshToken: `foyer:${appId}:refresh_token`,
    identityToken: `foyer:${appId}:identity_token`,
    /** '1' while the refresh token lives in the server's HttpOnly cookie (the app's cookie mode), not here. */
    cookieSession: `foyer:${appId}:cookie_session`,
  }
}

/**
 * True when the refresh-marker cookie is visible to this page (set by this client or by the server): a session likely
 * exists, before it is restored (the embedded wallet announces its provider early on it).
 */
export function markerPresent(): boolean {
  if (typeof document === 'undefined') return false
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${REFRESH_MARKER_COOKIE}=t`))
}

/** The session manager with `restore()` for start-up. */
export type Session = SessionManager & { restore(): Promise<void>; clear(): void; destroy(): void }

/** Builds the session manager over the kernel's http, storage and `$session`. */
export function createSession({ appId, http, storage, state, emitter }: SessionDeps): Session {
  const keys = sessionKeys(appId)
  const { $session } = state
  let inFlight: Promise<void> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  /** Refreshes as the access token enters its expiry margin, so an open page never holds a stale token. */
  function schedule(token: string | null) {
    clearTimeout(timer)
    const exp = token ? decodeJwt(token)?.exp : undefined
    if (!exp) return
    const delay = Math.max(0, exp * 1000 - EXPIRY_MARGIN_SECONDS * 1000 - Date.now() + 50)
    timer = setTimeout(() => {
      if ($session.peek().status === 'authenticated') getAccessToken().catch(() => {})
    }, Math.min(delay, 2 ** 31 - 1))
  }

  function setMarker(on: boolean) {
    if (typeof document === 'undefined') return
    document.cookie = on
      ? `${REFRESH_MARKER_COOKIE}=t; path=/; max-age=${REFRESH_MARKER_MAX_AGE_SECONDS}; SameSite=Lax`
      : `${REFRESH_MARKER_COOKIE}=; path=/; max-age=0; SameSite=Lax`
  }

  /** Cookie mode: the server keeps the refresh token in an HttpOnly cookie; refresh, fork and logout send `{}`. */
  const cookieHeld = () => storage.get(keys.cookieSession) === '1'
  /** Whether a refresh can be attempted: a stored refresh token or one held in the cookie. */
  const canRefresh = () => Boolean(storage.get(keys.refreshToken)) || cookieHeld()
  /** The refresh-style body: the stored token, or `{}` so the server reads its cookie. */
  const refreshBody = (token: string | null) => (token ? { refresh_token: token } : {})

  function clear() {
    clearTimeout(timer)
    const wasAuthenticated = $session.peek().status === 'authenticated'
    storage.remove(keys.token)
    storage.remove(keys.refreshToken)
    storage.remove(keys.identityToken)
    storage.remove(keys.cookieSession)
    setMarker(false)
    $session.value = { status: 'unauthenticated', user: null, accessToken: null, identityToken: null }
    if (wasAuthenticated) emitter.emit('logout')
  }

  function setAuthenticated(user: User | null, accessToken: string | null, identityToken: string | null) {
    schedule(accessToken)
    const current = $session.peek()
    $session.value = {
      status: user ?? current.user ? 'authenticated' : current.status,
      user: user ?? current.user,
      accessToken,
      identityToken,
    }
  }

  function store(key: string, value: string | null | undefined) {
    if (value) storage.set(key, value)
    else storage.remove(key)
  }

  function handleTokenResponse(response: TokenResponse) {
    const action = response.session_update_action ?? 'set'
    if (action === 'clear') return clear()
    if (response.token && !hasAudience(response.token, appId)) return clear()
    const user = toUser(response.user)
    batch(() => {
      if (action === 'set') {
        store(keys.token, response.token)
        store(keys.refreshToken, response.refresh_token)
        store(keys.identityToken, response.identity_token)
        // A 'set' with an access token but refresh_token null: the server put the refresh token in its
        // HttpOnly cookie (cookie mode), so it never reaches scripts.
        const inCookie = !response.refresh_token && Boolean(response.token)
        store(keys.cookieSession, inCookie ? '1' : null)
        setMarker(Boolean(response.refresh_token) || inCookie)
        setAuthenticated(user, response.token, response.identity_token ?? null)
      } else {
        // 'ignore': only the access and identity tokens, if present; the refresh token stays as it is.
        if (response.token) storage.set(keys.token, response.token)
        if (response.identity_token) storage.set(keys.identityToken, response.identity_token)
        const current = $session.peek()
        setAuthenticated(user, response.token ?? current.accessToken, response.identity_token ?? current.identityToken)
      }
    })
  }

  /** A refresh failing because the token is missing or invalid ends the session; a network error doesn't. */
  function isInvalidTokenError(error: unknown) {
    return error instanceof ApiError && (error.serverCode === 'invalid_refresh_token' || [400, 401, 403, 404].includes(error.status))
  }

  async function rotate(): Promise<void> {
    const seen = storage.get(keys.refreshToken)
    await withCrossTabLock(`foyer:refresh:${appId}`, async () => {
      const current = storage.get(keys.refreshToken)
      if (!current && !cookieHeld()) return clear()
      const storedAccess = storage.get(keys.token)
      const mine = $session.peek().accessToken
      const rotatedElsewhere = current !== seen || storedAccess !== mine
      if (rotatedElsewhere && storedAccess && isTokenActive(storedAccess) && hasAudience(storedAccess, appId)) {
        // Another tab rotated before or while we waited for the lock: adopt its tokens, don't rotate again.
        setAuthenticated(null, storedAccess, storage.get(keys.identityToken))
        if (!$session.peek().user) await refreshUser()
        return
      }
      try {
        const response = await http.request<TokenResponse>({ path: paths.sessions, body: refreshBody(current) })
        handleTokenResponse(response)
      } catch (error) {
        if (isInvalidTokenError(error)) return clear()
        throw error
      }
    })
  }

  async function refresh(): Promise<void> {
    // Single flight inside the tab; the lock makes it single flight across tabs.
    inFlight ??= rotate().finally(() => (inFlight = null))
    return inFlight
  }

  async function getAccessToken(): Promise<string | null> {
    const token = $session.peek().accessToken ?? storage.get(keys.token)
    if (token && isTokenActive(token)) {
      if (!hasAudience(token, appId)) {
        clear()
        return null
      }
      return token
    }
    if (!canRefresh()) return null
    await refresh()
    const next = $session.peek().accessToken
    return next && isTokenActive(next) ? next : null
  }

  function setUser(user: RawUser | User) {
    // The wire user and the client user differ only where toUser fills convenience fields: normalise both.
    $session.value = { ...$session.peek(), user: toUser(user as RawUser) }
  }

  async function refreshUser(): Promise<User | null> {
    const token = $session.peek().accessToken ?? storage.get(keys.token)
    if (!token) return null
    const { user } = await http.request<{ user: RawUser }>({ path: paths.usersMe, token })
    const next = toUser(user)
    const current = $session.peek()
    $session.value = { ...current, status: 'authenticated', user: next, accessToken: current.accessToken ?? token }
    return next
  }

  async function restore(): Promise<void> {
    const access = storage.get(keys.token)
    // Cookie mode on a fresh page (e.g. signed in on another subdomain): the marker says a refresh cookie may exist.
    if (!canRefresh() && markerPresent()) storage.set(keys.cookieSession, '1')
    if (!canRefresh()) {
      if (access) clear()
      else $session.value = { ...$session.peek(), status: 'unauthenticated' }
      return
    }
    try {
      if (access && isTokenActive(access) && hasAudience(access, appId)) {
        setAuthenticated(null, access, storage.get(keys.identityToken))
        try {
          await refreshUser()
          return
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 401)) throw error
        }
      }
      await refresh()
    } catch {
      // Server unreachable: show signed out for now but keep the tokens for the next load.
    } finally {
      if ($session.peek().status === 'loading' || !$session.peek().user) {
        $session.value = { status: 'unauthenticated', user: null, accessToken: null, identityToken: null }
      }
    }
  }

  async function fork(): Promise<string> {
    // Under the refresh lock: fork rotates the refresh token just as a refresh does.
    await inFlight?.catch(() => {})
    return withCrossTabLock(`foyer:refresh:${appId}`, async () => {
      const current = storage.get(keys.refreshToken)
      if (!current && !cookieHeld()) throw new ApiError('Not signed in', { status: 401, serverCode: 'invalid_refresh_token' })
      try {
        const response = await http.request<TokenResponse & { new_session_refresh_token: string }>({
          path: paths.sessionsFork,
          body: refreshBody(current),
          retry: false,
        })
        handleTokenResponse(response)
        return response.new_session_refresh_token
      } catch (error) {
        if (isInvalidTokenError(error)) clear()
        throw error
      }
    })
  }

  async function recover(forkedToken: string): Promise<void> {
    await inFlight?.catch(() => {})
    await withCrossTabLock(`foyer:refresh:${appId}`, async () => {
      // Single use on the server: never retried.
      const response = await http.request<TokenResponse>({ path: paths.sessionsForkRecover, body: { refresh_token: forkedToken }, retry: false })
      handleTokenResponse(response)
    })
  }

  async function logout(): Promise<void> {
    const refreshToken = storage.get(keys.refreshToken)
    try {
      // Cookie mode sends {}: the server ends the cookie's session and expires the cookies.
      if (refreshToken || cookieHeld()) {
        await http.request({ path: paths.sessionsLogout, body: refreshBody(refreshToken), retry: false })
      }
    } catch {
      // Logout is best effort on the server; local state is always cleared below.
    } finally {
      clear()
    }
  }

  // Another tab logged out or rotated: follow it, so tabs never disagree about the session.
  const onStorage = (event: StorageEvent) => {
    const ended = event.key === keys.refreshToken || event.key === keys.cookieSession
    if (ended && event.newValue === null && !canRefresh() && $session.peek().status === 'authenticated') clear()
    if (event.key === keys.token && event.newValue && $session.peek().status === 'authenticated') {
      if (hasAudience(event.newValue, appId)) setAuthenticated(null, event.newValue, storage.get(keys.identityToken))
    }
  }
  globalThis.addEventListener?.('storage', onStorage as EventListener)

  return {
    getAccessToken,
    async getIdentityToken() {
      await getAccessToken()
      return $session.peek().identityToken ?? storage.get(keys.identityToken)
    },
    handleTokenResponse,
    refresh,
    logout,
    fork,
    recover,
    refreshUser,
    setUser,
    restore,
    clear,
    destroy: () => {
      clearTimeout(timer)
      globalThis.removeEventListener?.('storage', onStorage as EventListener)
    },
  }
}
