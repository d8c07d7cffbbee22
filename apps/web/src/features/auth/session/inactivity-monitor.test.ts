import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TIMING } from '@sound-studio/shared';
import { createInactivityMonitor } from './inactivity-monitor.ts';

const MINUTE = 60_000;

describe('inactivity monitor (section 4 timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const onWarning = vi.fn();
    const onTimeout = vi.fn();
    const monitor = createInactivityMonitor({ onWarning, onTimeout });
    monitor.start();
    return { monitor, onWarning, onTimeout };
  }

  it('warns at 25 minutes and ends the session at 30', () => {
    const { monitor, onWarning, onTimeout } = start();
    vi.advanceTimersByTime(25 * MINUTE - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledOnce();
    monitor.stop();
  });

  it('resets both timers on activity of any kind', () => {
    const { monitor, onWarning } = start();
    for (const type of ['click', 'mousemove', 'keydown', 'scroll', 'touchstart', 'focus']) {
      vi.advanceTimersByTime(20 * MINUTE);
      window.dispatchEvent(new Event(type));
    }
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onWarning).toHaveBeenCalledOnce();
    monitor.stop();
  });

  it('counts activity at most once per second', () => {
    const { monitor, onWarning } = start();
    vi.advanceTimersByTime(SESSION_TIMING.warningMs - 500);
    window.dispatchEvent(new Event('mousemove'));
    // This one lands within a second of the previous one and must not push the warning further.
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new Event('mousemove'));
    vi.advanceTimersByTime(SESSION_TIMING.warningMs - 400);
    expect(onWarning).toHaveBeenCalledOnce();
    monitor.stop();
  });

  it('ignores activity while the warning waits for an answer; extending starts a fresh 30 minutes', () => {
    const { monitor, onWarning, onTimeout } = start();
    vi.advanceTimersByTime(25 * MINUTE);
    expect(onWarning).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(2 * MINUTE);
    monitor.extend();
    vi.advanceTimersByTime(29 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(onWarning).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(MINUTE);
    expect(onTimeout).toHaveBeenCalledOnce();
  });

  it('does nothing after stop', () => {
    const { monitor, onWarning, onTimeout } = start();
    monitor.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
