import * as v from 'valibot'
import { APP_ID_LENGTH } from '../../../core/protocol/index.js'

/** Most rows a users page holds. */
export const MAX_ADMIN_USERS_PAGE = 100

const printable = (what: string) => v.regex(/^[\x21-\x7e]+$/, `must be ${what}`)

/** An app id in a path: 25 printable characters (whether the app exists is the route's 404 app_not_found). */
export const AppIdSchema = v.pipe(v.string(), v.length(APP_ID_LENGTH, `must be ${APP_ID_LENGTH} characters`), printable('an app id'))

/** A user id in a path (`did:foyer:…`, or an imported user's). */
export const UserIdSchema = v.pipe(v.string(), v.minLength(1, 'must be a user id'), v.maxLength(128, 'must be a user id'), printable('a user id'))

export const AppPathSchema = v.object({ appId: AppIdSchema })
export const UserPathSchema = v.object({ appId: AppIdSchema, userId: UserIdSchema })
export const SecretPathSchema = v.object({ appId: AppIdSchema, secretId: v.pipe(v.string(), v.regex(/^sk_[A-Za-z0-9_-]{16}$/, 'must be an app secret id')) })
const EndpointId = v.pipe(v.string(), v.regex(/^ep_[0-9a-f]{24}$/, 'must be a webhook endpoint id'))
export const EndpointPathSchema = v.object({ appId: AppIdSchema, endpointId: EndpointId })
export const DeliveryPathSchema = v.object({ appId: AppIdSchema, endpointId: EndpointId, deliveryId: v.pipe(v.string(), v.regex(/^msg_[0-9a-f]{24}$/, 'must be a webhook delivery id')) })
export const OperatorPathSchema = v.object({ userId: UserIdSchema })

/** GET users: `?search=&cursor=&limit=` (an empty search lists everyone). */
export const UsersQuerySchema = v.object({
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(256, 'must be at most 256 characters'), v.transform((s) => s || undefined))),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(512, 'must be a next_cursor'), v.transform((s) => s || undefined))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be 1 to 100'), v.transform(Number), v.minValue(1, 'must be 1 to 100'), v.maxValue(MAX_ADMIN_USERS_PAGE, 'must be 1 to 100'))),
})

/** GET stats: `?days=` 1..90, default 30. */
export const StatsQuerySchema = v.object({
  days: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'must be 1 to 90'), v.transform(Number), v.minValue(1, 'must be 1 to 90'), v.maxValue(90, 'must be 1 to 90')), '30'),
})

export const OperatorRoleSchema = v.picklist(['owner', 'viewer'], 'must be owner or viewer')

/** An e-mail address as the e-mail login stores it (trimmed, lower-cased). */
export const EmailSchema = v.pipe(v.string('must be an e-mail address'), v.trim(), v.nonEmpty('must be an e-mail address'), v.maxLength(320, 'must be an e-mail address'), v.email('must be an e-mail address'), v.toLowerCase())

/** POST operators: `role` absent makes a new operator a viewer and keeps an existing one's role. */
export const AddOperatorSchema = v.strictObject({ email: EmailSchema, role: v.optional(OperatorRoleSchema) })

/** POST secrets: an optional label to recognise the secret by (an empty one is none). */
export const CreateSecretSchema = v.strictObject({
  label: v.optional(
    v.pipe(
      v.string('must be text'),
      v.trim(),
      v.maxLength(64, 'must be at most 64 characters'),
      v.regex(/^[^\p{Cc}]*$/u, 'must be printable text'),
      v.transform((s) => s || undefined),
    ),
  ),
})

/** Bodies of the writes that carry nothing (POST session, revoke sessions, create secret, replay): `{}` or none. */
export const EmptyBodySchema = v.strictObject({})
