import type { ApiCallDef } from 'foyer/core'
import { SubscriptionInputSchema, SubscriptionSchema, subscriptionPath } from './schema.js'

/** The plugin's calls: one route, its body and its answer checked by the schemas. */
export const newsletterApi = {
  subscribe: { path: subscriptionPath, input: SubscriptionInputSchema, output: SubscriptionSchema },
} satisfies Record<string, ApiCallDef>
