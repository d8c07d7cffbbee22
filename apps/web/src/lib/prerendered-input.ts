/**
 * A page drawn at build time can be typed into before the app has loaded. The app then draws its own page in its
 * place; this hands what the visitor typed (and where the caret was) over to it, so nothing is lost.
 */
export interface PrerenderedInput {
  /** The text fields' values by name (the drawn page carries it as `data-field`), as the visitor left them. */
  values: Record<string, string>;
  /** The field that had the focus, with its caret, if one did. */
  focus: { name: string; selectionStart: number | null; selectionEnd: number | null } | null;
}

let heldPage: Element | null = null;
let focusedField: HTMLInputElement | null = null;

function isHeldField(target: EventTarget | null): target is HTMLInputElement {
  return heldPage !== null && target instanceof HTMLInputElement && heldPage.contains(target) && target.dataset.field !== undefined;
}

function onFocusIn(event: FocusEvent): void {
  if (isHeldField(event.target)) focusedField = event.target;
}

/**
 * A field the visitor leaves stops being the focused one, but only once the event is over: when the app replaces the
 * page the browser may report the field left too, and by then the page is detached and the field must stay named.
 */
function onFocusOut(event: FocusEvent): void {
  if (event.target !== focusedField) return;
  setTimeout(() => {
    if (heldPage?.isConnected && document.activeElement !== focusedField) focusedField = null;
  }, 0);
}

/**
 * Keeps the page drawn at build time, whose fields the app will read once it replaces it, and follows which field
 * has the focus from now until then: the app draws in slices, so the visitor may move into a field at any moment
 * before the page goes, and once it has gone the browser no longer says which one had it.
 */
export function holdPrerenderedPage(page: Element): void {
  heldPage = page;
  focusedField = isHeldField(document.activeElement) ? document.activeElement : null;
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('focusout', onFocusOut, true);
}

/**
 * What was typed into the held page, once (later calls get null). Read after the app has replaced it: the page's
 * elements keep their values once detached, and no keystroke can land between the replacement and this call.
 */
export function takePrerenderedInput(): PrerenderedInput | null {
  const page = heldPage;
  if (!page) return null;
  heldPage = null;
  document.removeEventListener('focusin', onFocusIn, true);
  document.removeEventListener('focusout', onFocusOut, true);
  const values: Record<string, string> = {};
  for (const input of page.querySelectorAll<HTMLInputElement>('input[data-field]')) {
    if (input.type !== 'checkbox' && input.value) values[input.dataset.field ?? ''] = input.value;
  }
  // Its caret is read now, from the detached field, which keeps it: the visitor may have typed on since moving in.
  const field = focusedField;
  focusedField = null;
  return {
    values,
    focus: field ? { name: field.dataset.field ?? '', selectionStart: field.selectionStart, selectionEnd: field.selectionEnd } : null,
  };
}
