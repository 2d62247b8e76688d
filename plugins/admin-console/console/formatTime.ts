/** A Unix-seconds time as the operator's local date and time; '—' for none. */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—'
  return new Date(seconds * 1000).toLocaleString()
}
