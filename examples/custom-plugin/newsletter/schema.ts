import * as v from 'valibot'

/** Body of POST /api/v1/newsletter/subscription. Shared by the screen and the route. */
export const SubscriptionInputSchema = v.object({ subscribed: v.boolean() })
/** What the route answers. */
export const SubscriptionSchema = v.object({ subscribed: v.boolean(), updatedAt: v.number() })
export type Subscription = v.InferOutput<typeof SubscriptionSchema>
export const subscriptionPath = '/api/v1/newsletter/subscription'
