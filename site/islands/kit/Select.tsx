import type { SelectHTMLAttributes } from 'react';

/** A full-width Bulma select (the form kit's select): every attribute goes to the `<select>`, options as children. */
export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="select is-fullwidth">
      <select {...props} />
    </div>
  );
}
