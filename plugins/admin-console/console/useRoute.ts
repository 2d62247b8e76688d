import { useEffect, useState } from 'react'

/** A console page and its parameters, from the URL's hash (`#/apps/<id>`). */
export type Route =
  | { page: 'overview' }
  | { page: 'apps' }
  | { page: 'app'; appId: string }
  | { page: 'users' }
  | { page: 'user'; appId: string; userId: string }
  | { page: 'operators' }

/** The route of a hash: `#/overview`, `#/apps`, `#/apps/<appId>`, `#/users`, `#/users/<appId>/<userId>`, `#/operators`; anything else is the overview. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
  const [page, a, b] = parts
  if (page === 'apps') return a ? { page: 'app', appId: a } : { page: 'apps' }
  if (page === 'users') return a && b ? { page: 'user', appId: a, userId: b } : { page: 'users' }
  if (page === 'operators') return { page: 'operators' }
  return { page: 'overview' }
}

/** The hash of a route (what links point at). */
export function routeHref(route: Route): string {
  switch (route.page) {
    case 'app':
      return `#/apps/${encodeURIComponent(route.appId)}`
    case 'user':
      return `#/users/${encodeURIComponent(route.appId)}/${encodeURIComponent(route.userId)}`
    default:
      return `#/${route.page}`
  }
}

/** The current route, following the hash. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash))
    addEventListener('hashchange', onChange)
    return () => removeEventListener('hashchange', onChange)
  }, [])
  return route
}
