import { errorsEn } from './errorsEn.js'
import { kernelEn } from './kernelEn.js'

/** The kernel's whole English table: its own texts (kernelEn, with the kernel) and the error catalogue (errorsEn, with the ui). */
export const en: Record<string, string> = { ...kernelEn, ...errorsEn }
