import { SESSION_TIMING } from '@sound-studio/shared';

/** Section 4's activity signals: clicks, movement, keys, scroll, touch and focus. */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart', 'focus'] as const;

export interface InactivityMonitorOptions {
  onWarning: () => void;
  onTimeout: () => void;
  timing?: typeof SESSION_TIMING;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface InactivityMonitor {
  start: () => void;
  stop: () => void;
  /** The user answered "continue" to the warning: a fresh 30 minutes. */
  extend: () => void;
}

/**
 * Warns at 25 minutes without activity and ends the session at 30. Activity resets both timers, at most once per
 * second; while the warning is open only an explicit answer counts. A slower periodic check catches timers that a
 * sleeping tab delayed.
 */
export function createInactivityMonitor({ onWarning, onTimeout, timing = SESSION_TIMING, target = window }: InactivityMonitorOptions): InactivityMonitor {
  let lastActivity = 0;
  let lastRecorded = 0;
  let warned = false;
  let running = false;
  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;

  const clearTimers = () => {
    clearTimeout(warningTimer);
    clearTimeout(timeoutTimer);
  };

  const fireWarning = () => {
    if (!running || warned) return;
    warned = true;
    onWarning();
  };

  const fireTimeout = () => {
    if (!running) return;
    stop();
    onTimeout();
  };

  const schedule = () => {
    clearTimers();
    const elapsed = Date.now() - lastActivity;
    if (!warned) warningTimer = setTimeout(fireWarning, Math.max(0, timing.warningMs - elapsed));
    timeoutTimer = setTimeout(fireTimeout, Math.max(0, timing.timeoutMs - elapsed));
  };

  const check = () => {
    const elapsed = Date.now() - lastActivity;
    if (elapsed >= timing.timeoutMs) fireTimeout();
    else if (elapsed >= timing.warningMs) fireWarning();
  };

  const onActivity = () => {
    if (warned) return;
    const now = Date.now();
    if (now - lastRecorded < timing.activityThrottleMs) return;
    lastRecorded = now;
    lastActivity = now;
    schedule();
  };

  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };

  function start() {
    if (running) return;
    running = true;
    warned = false;
    lastActivity = Date.now();
    lastRecorded = lastActivity;
    for (const event of ACTIVITY_EVENTS) target.addEventListener(event, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    checkTimer = setInterval(check, timing.checkIntervalMs);
    schedule();
  }

  function stop() {
    if (!running) return;
    running = false;
    clearTimers();
    clearInterval(checkTimer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, onActivity, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  }

  function extend() {
    if (!running) return;
    warned = false;
    lastActivity = Date.now();
    lastRecorded = lastActivity;
    schedule();
  }

  return { start, stop, extend };
}
