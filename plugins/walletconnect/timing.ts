/** Spec §9: the 'Copied!' confirmation shows for 1.5 s. */
export const COPY_CONFIRMATION_MS = 1500
/** Spec §4/§9: the connection redirect link (the pairing URI) is read again every 500 ms. */
export const LINK_REFRESH_MS = 500

/** Phones and tablets, where a QR code can't be scanned by the same device: the deep link leads. */
export const isMobileUserAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)
