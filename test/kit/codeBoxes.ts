import { fireEvent, screen } from '@testing-library/react'

/** The six digit boxes of the open code screen (component tests, happy-dom). */
export const codeBoxes = () => Array.from({ length: 6 }, (_, i) => screen.getByLabelText(`Digit ${i + 1}`))

/** Types `code` into the code boxes, one digit each. */
export const typeCode = (code: string) => code.split('').forEach((d, i) => fireEvent.change(codeBoxes()[i]!, { target: { value: d } }))
