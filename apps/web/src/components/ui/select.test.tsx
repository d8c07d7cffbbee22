import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select.tsx';

const SIZES = [
  { value: 's', label: 'Small' },
  { value: 'l', label: 'Large' },
];

function SizeSelect({ value, onValueChange }: { value?: string; onValueChange?: (value: string) => void }) {
  return (
    <Select {...(value === undefined ? { defaultValue: 's' } : { value })} {...(onValueChange ? { onValueChange } : {})}>
      <SelectTrigger aria-label="Size">
        <SelectValue placeholder="Pick a size" />
      </SelectTrigger>
      <SelectContent>
        {SIZES.map((size) => (
          <SelectItem key={size.value} value={size.value}>
            {size.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

describe('Select', () => {
  it('draws no items while closed, and shows the chosen one’s text from the items as written', () => {
    render(<SizeSelect value="l" />);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Large');
    expect(screen.queryByRole('option')).toBeNull();
    expect(document.body.textContent).not.toContain('Small');
  });

  it('shows the placeholder for no value', () => {
    render(<SizeSelect value="" />);
    expect(screen.getByRole('combobox', { name: 'Size' })).toHaveTextContent('Pick a size');
  });

  it('opens with its items, and a choice closes it, reports it and shows it', async () => {
    const onValueChange = vi.fn();
    render(<SizeSelect onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Size' });
    expect(trigger).toHaveTextContent('Small');
    const user = userEvent.setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    await user.click(screen.getByRole('option', { name: 'Large' }));
    expect(onValueChange).toHaveBeenCalledWith('l');
    expect(screen.queryByRole('option')).toBeNull();
    expect(trigger).toHaveTextContent('Large');
  });
});
