import { useState } from 'react';

/**
 * A form's text fields as one state: `fields.name` is the value, `bind('name')` the control's change handler. For
 * forms whose fields are all text (inputs, textareas, selects, colour pickers).
 */
export function useFields<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState(initial);
  const bind = (field: keyof F) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  return { fields, bind };
}
