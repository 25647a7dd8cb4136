import { useCallback, useState } from 'react';

/**
 * A form's text fields as one state: `fields.name` is the value, `bind('name')` the control's change handler,
 * `set('name', value)` a change from code. For forms whose fields are all text (inputs, textareas, selects, colour
 * pickers). `bind` and `set` keep their identity across renders.
 */
export function useFields<F extends Record<string, string>>(initial: F) {
  const [fields, setFields] = useState(initial);
  const set = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => setFields((current) => ({ ...current, [field]: value })),
    [],
  );
  const bind = useCallback(
    (field: keyof F) => (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [field]: event.target.value })),
    [],
  );
  return { fields, bind, set };
}
