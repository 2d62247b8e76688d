/** Spec §2: 'Still here?' shows 1 second after 'Continue' when the page is still visible. */
export const STILL_HERE_DELAY_MS = 1000
