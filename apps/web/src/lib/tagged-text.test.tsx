import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { splitTags } from './tagged-text.tsx';

describe('splitTags', () => {
  it('turns each tagged part into its element, keeping the text around it, in any order of tags', () => {
    const { container } = render(
      <p>{splitTags("<terms>Kullanım Koşulları</terms>'nı ve <privacy>Gizlilik</privacy>'nı kabul ediyorum", { terms: <a href="/terms" />, privacy: <a href="/privacy" /> })}</p>,
    );
    expect(container.textContent).toBe("Kullanım Koşulları'nı ve Gizlilik'nı kabul ediyorum");
    expect(screen.getByRole('link', { name: 'Kullanım Koşulları' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Gizlilik' })).toHaveAttribute('href', '/privacy');
  });

  it('keeps the text of a tag it has no element for, and plain text as it is', () => {
    const { container } = render(<p>{splitTags('New here? <other>Create</other> now', {})}</p>);
    expect(container.textContent).toBe('New here? Create now');
    expect(splitTags('No tags at all', {})).toEqual(['No tags at all']);
  });
});
