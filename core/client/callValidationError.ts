import * as v from 'valibot'
import { ValidationError } from '../errors/index.js'
import type { SchemaRun } from './runSchema.js'

/** The ValidationError of a call's refused input: the first issue's message, and each issue's message by field path. */
export function callValidationError(issues: NonNullable<SchemaRun['issues']>): ValidationError {
  const fields = Object.fromEntries(issues.map((i) => [v.getDotPath(i) ?? '', i.message]))
  return new ValidationError(issues[0].message, fields)
}
