/**
 * A control's error state as assistive technology reads it (the form kit's rule, DESIGN.md): `aria-invalid="true"`
 * while its message stands, and `aria-describedby` naming that message; no `aria-invalid` once it is put right. An
 * empty `aria-invalid=""` (what `toggleAttribute` writes) reads as false.
 */
export function markInvalid(control: HTMLElement, message: HTMLElement, invalid: boolean): void {
  if (invalid) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (message.id && !described.includes(message.id)) control.setAttribute('aria-describedby', [...described, message.id].join(' '));
}
