import { apiPaths, defineApi } from '../../core/client/defineApi.js'
import { MoonpaySignInputSchema, MoonpaySignResultSchema } from './schema.js'

/** The Moonpay on-ramp's call (§7): the server signs the widget URL. */
export const moonpayApi = defineApi('/api/v1/plugins/moonpay_on_ramp', {
  sign: { input: MoonpaySignInputSchema, output: MoonpaySignResultSchema, retry: false },
})

/** API paths of the Moonpay plugin. */
export const moonpayPaths = apiPaths(moonpayApi)
