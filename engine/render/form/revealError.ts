/**
 * After a refused submit, the first error of the form is brought into view and its field takes the focus, so an error
 * far down a long form, or in a panel scrolled away, is seen and read out at once. The field is the first one marked
 * invalid; a widget that marks no input (a chip list, a dual list) is found by its error text, and the focus goes to
 * its first control. Without any field error, the form's "Not saved" alert is shown instead.
 */
const FIELD_ERROR = '[aria-invalid="true"], .mantine-InputWrapper-error';
const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function revealFirstError(form: HTMLElement | null): void {
  if (!form) return;
  const marked = form.querySelector<HTMLElement>(FIELD_ERROR);
  const target = marked ?? form.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return;
  target.scrollIntoView?.({ block: 'center' });
  if (!marked) return;
  const field = marked.matches('[aria-invalid="true"]')
    ? marked
    : marked.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(FOCUSABLE);
  if (field && !field.contains(document.activeElement)) field.focus({ preventScroll: true });
}
