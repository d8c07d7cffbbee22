import { describe, expect, it } from 'vitest';
import { holdPrerenderedPage, takePrerenderedInput } from './prerendered-input.ts';

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
    page.remove();
    expect(takePrerenderedInput()).toEqual({ values: {}, focus: null });
  });

  it('names the field focused before the page was held', () => {
    const page = drawnPage();
    page.querySelector('input')?.focus();
    holdPrerenderedPage(page);
    page.remove();
    expect(takePrerenderedInput()?.focus?.name).toBe('email');
  });

  it('forgets a field the visitor left before the page went', async () => {
    const page = drawnPage();
    holdPrerenderedPage(page);
    const email = page.querySelector('input');
    email?.focus();
    email?.blur();
    await new Promise((resolve) => setTimeout(resolve, 0));
    page.remove();
    expect(takePrerenderedInput()?.focus).toBeNull();
  });

  it('keeps naming the field whose page was removed while it had the focus', async () => {
    const page = drawnPage();
    holdPrerenderedPage(page);
    page.querySelectorAll('input')[1]?.focus();
    page.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(takePrerenderedInput()?.focus?.name).toBe('password');
  });
});
