import * as v from 'valibot'

/** Body of POST /api/v1/analytics_events. */
export const AnalyticsEventSchema = v.object({
  event_name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  client_id: v.nullable(v.pipe(v.string(), v.maxLength(100))),
  payload: v.optional(v.record(v.string(), v.unknown())),
})
export type AnalyticsEvent = v.InferOutput<typeof AnalyticsEventSchema>
