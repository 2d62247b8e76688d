import type { BaseIssue, GenericSchema } from 'valibot'

/** What `runSchema` answers: the output, or the issues (valibot's, with their paths). */
export interface SchemaRun {
  value: unknown
  issues?: readonly [BaseIssue<unknown>, ...BaseIssue<unknown>[]]
}

/**
 * valibot's `safeParse(schema, value)` without valibot's runtime in the caller's module: the schema's Standard Schema
 * `validate`, which valibot implements as the same run with the same global config. The kernel's first load then needs
 * none of valibot; the schemas bring it with them when they load.
 */
export function runSchema(schema: GenericSchema, value: unknown): SchemaRun {
  return schema['~standard'].validate(value) as SchemaRun
}
