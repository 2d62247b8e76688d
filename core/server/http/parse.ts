import * as v from 'valibot'
import type { Context } from 'hono'
import { HttpError } from '../HttpError.js'

type IssuePath = v.BaseIssue<unknown>['path']

/** `apps[0].allowed_origins` from a valibot issue path. */
export function formatIssuePath(path: IssuePath, root = ''): string {
  let out = root
  for (const item of path ?? []) {
    const key = item.key as string | number
    out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key
  }
  return out
}

/** The issue's message without valibot's "but received …" part, so raw input never comes back. */
export function safeIssueMessage(issue: v.BaseIssue<unknown>): string {
  return issue.message.replace(/(:\s*Received .*$)|(\s+but received .*$)/is, '')
}

/** Validates `value`; a failure is a 400 invalid_data naming the first bad field. */
export function parse<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  const issue = result.issues[0]
  const path = formatIssuePath(issue.path) || 'body'
  throw new HttpError(400, 'invalid_data', `${path}: ${safeIssueMessage(issue)}`)
}

/** Reads the JSON body and validates it; malformed JSON is a 400 invalid_data. */
export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  let body: unknown
  try {
    const text = await c.req.text()
    body = text === '' ? {} : JSON.parse(text)
  } catch (error) {
    if (error instanceof HttpError) throw error
    throw new HttpError(400, 'invalid_data', 'Request body is not valid JSON')
  }
  return parse(schema, body)
}
