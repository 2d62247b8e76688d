import { wordlist } from '@scure/bip39/wordlists/english'

// The embedded wallet password's rules (spec §5, §9). They run in the wallet frame, where the password is typed.

/**
 * The minimum length: 8, not the spec's 6 (ASVS 5.0 §6.2.1). The password seals a wallet key; since the server's OPRF
 * limits online guesses, length is what stands against a thief of the server's keys too. Passwords set before keep
 * working: only a new password meets this rule.
 */
export const PASSWORD_MIN_LENGTH = 8
/** Strength thresholds: Medium above 0.5, Strong above 0.9. */
export const STRENGTH_THRESHOLDS = { medium: 0.5, strong: 0.9 } as const
/** The spec's texts. */
export const passwordTexts = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  invalidCharacters: (chars: string) => `Invalid characters used ( ${chars} )`,
  mismatch: 'Passwords do not match',
  acknowledgement: 'I understand that if I lose my password and device, I will lose access to my account and my assets.',
} as const

/** The strength labels. */
export type PasswordStrength = 'Weak' | 'Medium' | 'Strong'

const SYMBOLS = '!@#$%^&*()-_+'
const CLASSES = [
  { test: (c: string) => c >= 'a' && c <= 'z', size: 26 },
  { test: (c: string) => c >= 'A' && c <= 'Z', size: 26 },
  { test: (c: string) => c >= '0' && c <= '9', size: 10 },
  { test: (c: string) => SYMBOLS.includes(c), size: SYMBOLS.length },
]
const allowed = (c: string) => CLASSES.some((k) => k.test(c))

/** The characters the rules refuse, each once in order of appearance, a space shown as SPACE. */
export function invalidCharacters(password: string): string[] {
  const seen: string[] = []
  for (const c of password) if (!allowed(c) && !seen.includes(c)) seen.push(c)
  return seen.map((c) => (c === ' ' ? 'SPACE' : c))
}

/** The error to show under the password, or null (none; an empty password shows none but can't continue). */
export function passwordError(password: string): string | null {
  if (!password) return null
  const invalid = invalidCharacters(password)
  if (invalid.length) return passwordTexts.invalidCharacters(invalid.join(' '))
  if ([...password].length < PASSWORD_MIN_LENGTH) return passwordTexts.tooShort
  return null
}

/** Whether Continue is enabled: a password that is neither empty nor invalid. */
export const passwordValid = (password: string) => password.length > 0 && passwordError(password) === null

/**
 * The strength score in [0, 1]: three quarters entropy (length × log2 of the pool of the classes used, full at 100
 * bits), one quarter character-class diversity (the share of the four classes used, counted only from 8 characters).
 */
export function passwordScore(password: string): number {
  const chars = [...password]
  if (!chars.length) return 0
  const used = CLASSES.filter((k) => chars.some((c) => k.test(c)))
  const pool = used.reduce((n, k) => n + k.size, 0)
  const entropy = pool > 1 ? Math.min(1, (chars.length * Math.log2(pool)) / 100) : 0
  const diversity = chars.length >= 8 ? used.length / CLASSES.length : 0
  return 0.75 * entropy + 0.25 * diversity
}

// What people pick first (the top of every leaked-password list) and keyboard / alphabet runs.
const COMMON = ['password', 'qwerty', 'qwertz', 'azerty', 'letmein', 'welcome', 'admin', 'administrator', 'iloveyou', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'master', 'shadow', 'superman', 'trustno', 'login', 'secret', 'changeme', 'passport', 'starwars', 'whatever']
const RUNS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop']
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' }

/**
 * Whether the password is a known pattern dressed up: once the digits and symbols at its end are set aside (and
 * 0 → o, @ → a…), what is left is a common password, one character repeated, or a keyboard or alphabet run
 * ('P@ssw0rd1!', 'Qwertyuiop12', 'aaaaaaaa', 'Abcdefgh1!'). Guessers try these first, whatever their length.
 */
export function isCommonPattern(password: string): boolean {
  const lower = password.toLowerCase()
  const core = lower.replace(/[^a-z]+$/, '') || lower
  const plain = [...core].map((c) => LEET[c] ?? c).join('')
  if (COMMON.includes(plain) || COMMON.includes(core)) return true
  if (/^(.)\1+$/.test(core)) return true
  const reversed = [...core].reverse().join('')
  return core.length >= 4 && RUNS.some((run) => run.includes(core) || run.includes(reversed))
}

/** The strength label; an invalid password, or a common pattern (isCommonPattern), is Weak. */
export function passwordStrength(password: string): PasswordStrength {
  if (!passwordValid(password) || isCommonPattern(password)) return 'Weak'
  const score = passwordScore(password)
  return score > STRENGTH_THRESHOLDS.strong ? 'Strong' : score > STRENGTH_THRESHOLDS.medium ? 'Medium' : 'Weak'
}

/** The confirmation's error: 'Passwords do not match' once something different is typed. */
export const confirmationError = (password: string, confirmation: string) => (confirmation && confirmation !== password ? passwordTexts.mismatch : null)

/** A generated password: 4 random BIP-39 words, capitalised, joined by '-' (about 44 bits; always valid). */
export function generatePassword(): string {
  const picks = crypto.getRandomValues(new Uint16Array(4))
  return Array.from(picks, (n) => {
    const word = wordlist[n % wordlist.length]!
    return word[0]!.toUpperCase() + word.slice(1)
  }).join('-')
}
