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

/** Keeps the page drawn at build time, whose fields the app will read once it replaces it. */
export function holdPrerenderedPage(page: Element): void {
  heldPage = page;
}

/**
 * Notes the field that has the focus as the app starts to draw (right before it replaces the page): once the page is
 * gone the browser no longer says which one had it.
 */
export function notePrerenderedFocus(): void {
  const active = document.activeElement;
  focusedField = heldPage && active instanceof HTMLInputElement && heldPage.contains(active) && active.dataset.field ? active : null;
}

/**
 * What was typed into the held page, once (later calls get null). Read after the app has replaced it: the page's
 * elements keep their values once detached, and no keystroke can land between the replacement and this call.
 */
export function takePrerenderedInput(): PrerenderedInput | null {
  const page = heldPage;
  if (!page) return null;
  heldPage = null;
  const values: Record<string, string> = {};
  for (const input of page.querySelectorAll<HTMLInputElement>('input[data-field]')) {
    if (input.type !== 'checkbox' && input.value) values[input.dataset.field ?? ''] = input.value;
  }
  // Its caret is read now: the visitor may have typed on between the note and the replacement.
  const field = focusedField;
  focusedField = null;
  return {
    values,
    focus: field ? { name: field.dataset.field ?? '', selectionStart: field.selectionStart, selectionEnd: field.selectionEnd } : null,
  };
}
