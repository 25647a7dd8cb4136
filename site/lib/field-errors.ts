/**
 * A control's error state (the form kit's rule, DESIGN.md): `aria-describedby` names its message line, and while a
 * message stands the control is `aria-invalid="true"` with Bulma's red outline; both go once it is put right. An
 * empty `aria-invalid=""` (what `toggleAttribute` writes) reads as false.
 */
export function markInvalid(control: HTMLElement, message: HTMLElement, invalid: boolean): void {
  if (invalid) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
  control.classList.toggle('is-danger', invalid);
  const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  if (message.id && !described.includes(message.id))
    control.setAttribute('aria-describedby', [...described, message.id].join(' '));
}
