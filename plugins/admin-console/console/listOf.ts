/**
 * The rows of a list answer: the contract's lists come as `{ data: [...] }` (like the users page) and some with more
 * fields beside (`enabled` for webhooks); a bare array is taken as is.
 */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[]
  const data = (body as { data?: unknown } | null)?.data
  return Array.isArray(data) ? (data as T[]) : []
}
