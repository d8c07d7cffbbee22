import { describe, expect, it } from 'vitest';
import { holdPrerenderedPage, notePrerenderedFocus, takePrerenderedInput } from './prerendered-input.ts';

function drawnPage(): HTMLElement {
  const page = document.createElement('div');
  page.innerHTML = '<form><input type="email" data-field="email"><input type="password" data-field="password"><input type="checkbox" data-field="remember"></form>';
  document.body.append(page);
  return page;
}

describe('prerendered input', () => {
  it('hands over the typed text and the focused field with its caret, once, after the page is gone', () => {
    const page = drawnPage();
    holdPrerenderedPage(page);
    const [email, password] = page.querySelectorAll('input');
    if (!email || !password) throw new Error('fields missing');
    email.value = 'ada@example.com';
    password.value = 'Harbour-Li';
    password.focus();
    notePrerenderedFocus();
    // The app replaces the page; the visitor's next keystroke had landed before that.
    password.value += 'g';
    page.remove();
    expect(takePrerenderedInput()).toEqual({
      values: { email: 'ada@example.com', password: 'Harbour-Lig' },
      focus: { name: 'password', selectionStart: 11, selectionEnd: 11 },
    });
    expect(takePrerenderedInput()).toBeNull();
  });

  it('names no focus when the visitor was not in a field', () => {
    const page = drawnPage();
    holdPrerenderedPage(page);
    notePrerenderedFocus();
    page.remove();
    expect(takePrerenderedInput()).toEqual({ values: {}, focus: null });
  });
});
