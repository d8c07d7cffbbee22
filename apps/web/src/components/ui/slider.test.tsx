import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Slider } from './slider.tsx';

function Volume({ onValueChange }: { onValueChange?: (value: number[]) => void }) {
  const [value, setValue] = useState([0.5]);
  return (
    <Slider
      min={0}
      max={1}
      step={0.05}
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
      aria-label="Volume"
      valueText={(shown) => `${Math.round(shown * 100)}%`}
    />
  );
}

describe('Slider', () => {
  it('is a range input that says its value in words', () => {
    render(<Volume />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('aria-valuenow', '0.5');
    expect(slider).toHaveAttribute('aria-valuetext', '50%');
  });

  it('steps by one step per arrow, ten per Page key, to the ends with Home and End, with no float noise', async () => {
    const onValueChange = vi.fn();
    render(<Volume onValueChange={onValueChange} />);
    const slider = screen.getByRole('slider', { name: 'Volume' });
    slider.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '0.65');
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(slider).toHaveAttribute('aria-valuenow', '0.55');
    await user.keyboard('{PageUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await user.keyboard('{End}');
    expect(onValueChange.mock.calls.map(([next]) => next[0])).toEqual([0.55, 0.6, 0.65, 0.6, 0.55, 1, 0, 1]);
  });

  it('follows a drag (the input event) and stays put when disabled', () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Slider value={[2]} min={0} max={4} onValueChange={onValueChange} aria-label="Level" />);
    fireEvent.change(screen.getByRole('slider', { name: 'Level' }), { target: { value: '3' } });
    expect(onValueChange).toHaveBeenCalledWith([3]);
    rerender(<Slider value={[2]} min={0} max={4} onValueChange={onValueChange} aria-label="Level" disabled />);
    expect(screen.getByRole('slider', { name: 'Level' })).toBeDisabled();
  });
});
