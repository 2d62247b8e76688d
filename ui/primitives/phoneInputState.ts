import type * as PhoneRules from './phoneRules.js'

/** The phone rules module once it has loaded (it is imported lazily). */
export type PhoneRulesModule = typeof PhoneRules

/** What the phone input holds: the selected country and the text as shown. */
export interface PhoneInputState {
  country: string
  input: string
}

/** A change to the phone input. */
export type PhoneInputEvent = { type: 'country'; country: string } | { type: 'input'; value: string } | { type: 'loaded'; rules: PhoneRulesModule }

/**
 * The phone input's transitions: changing the country clears the number; typing formats as you type
 * (a deletion is kept as typed, so backspace can cross the formatting); the rules' arrival reformats.
 */
export function nextPhoneInputState(state: PhoneInputState, event: PhoneInputEvent, rules: PhoneRulesModule | null): PhoneInputState {
  switch (event.type) {
    case 'country':
      return event.country === state.country ? state : { country: event.country, input: '' }
    case 'input': {
      const deleting = event.value.length < state.input.length
      const input = rules && !deleting ? rules.formatPhoneInput(event.value, state.country) : event.value
      return { ...state, input }
    }
    case 'loaded':
      return state.input ? { ...state, input: event.rules.formatPhoneInput(state.input, state.country) } : state
  }
}

/** Loads the phone rules (libphonenumber-js and its metadata) once per page. */
let loading: Promise<PhoneRulesModule> | null = null
export function loadPhoneRules(): Promise<PhoneRulesModule> {
  loading ??= import('./phoneRules.js').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
