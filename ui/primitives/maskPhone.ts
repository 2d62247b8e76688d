/** Characters a masked phone number keeps visible. */
export const MASKED_PHONE_VISIBLE = 4

/** The spec's masked display of a phone number: an asterisk plus the last 4 characters ('*0123'). */
export function maskPhone(phoneNumber: string): string {
  return `*${phoneNumber.trim().slice(-MASKED_PHONE_VISIBLE)}`
}
