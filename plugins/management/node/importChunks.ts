import { MAX_IMPORT_BODY_BYTES, MAX_IMPORT_USERS } from '../importSchema.js'

/** A run of consecutive users sent in one request: where it starts in the caller's array, and its users. */
export interface ImportChunk {
  first: number
  users: unknown[]
}

const encoder = new TextEncoder()
const bytesOf = (text: string) => encoder.encode(text).length

/**
 * Splits `users` into the requests of POST /api/v1/users/import: each holds at most `maxUsers` users and its JSON body
 * (`{"users":[…],"dry_run":…}`, exactly as sent) at most `maxBytes` bytes; a chunk closes at whichever comes first.
 * Throws a RangeError, before anything is sent, for a user whose body alone would be over the limit.
 */
export function importChunks(users: readonly unknown[], dryRun: boolean, maxUsers = MAX_IMPORT_USERS, maxBytes = MAX_IMPORT_BODY_BYTES): ImportChunk[] {
  // The body around the users, and one comma between two of them: JSON.stringify writes an array so.
  const envelope = bytesOf(JSON.stringify({ users: [], dry_run: dryRun }))
  const chunks: ImportChunk[] = []
  let current: ImportChunk | null = null
  let size = envelope
  users.forEach((user, index) => {
    // An array writes undefined (or a function) as null.
    const bytes = bytesOf(JSON.stringify(user) ?? 'null')
    if (envelope + bytes > maxBytes) {
      throw new RangeError(`FoyerClient.importUsers: user ${index} is ${bytes} bytes of JSON, more than one request to the server may carry (${maxBytes - envelope})`)
    }
    if (current && current.users.length < maxUsers && size + 1 + bytes <= maxBytes) {
      current.users.push(user)
      size += 1 + bytes
      return
    }
    current = { first: index, users: [user] }
    chunks.push(current)
    size = envelope + bytes
  })
  return chunks
}
