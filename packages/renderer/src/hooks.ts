import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';

interface Ticker {
  now: Date;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setTimeout>;
}

const tickers = new Map<number, Ticker>();

function tickerOf(intervalMs: number): Ticker {
  let ticker = tickers.get(intervalMs);
  if (!ticker) tickers.set(intervalMs, (ticker = { now: new Date(), listeners: new Set() }));
  return ticker;
}

/** Ticks on the wall clock's boundaries of the interval (a clock with seconds changes with the second). */
function tick(ticker: Ticker, intervalMs: number) {
  ticker.timer = setTimeout(() => {
    ticker.now = new Date();
    for (const listener of ticker.listeners) listener();
    tick(ticker, intervalMs);
  }, intervalMs - (Date.now() % intervalMs));
}

/**
 * The current time, refreshed every `intervalMs` on the wall clock's boundaries: every clock of a
 * page (and the stage's time rules) shares one timer per interval, so they update in one render and
 * together with the real second.
 */
export function useNow(intervalMs: number): Date {
  const ticker = tickerOf(intervalMs);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!ticker.listeners.size) tick(ticker, intervalMs);
      ticker.listeners.add(listener);
      return () => {
        ticker.listeners.delete(listener);
        if (!ticker.listeners.size) clearTimeout(ticker.timer);
      };
    },
    [ticker, intervalMs],
  );
  return useSyncExternalStore(subscribe, () => {
    // A ticker nobody listened to for a while is refreshed before it is read again.
    if (!ticker.listeners.size && Date.now() - ticker.now.getTime() >= intervalMs) ticker.now = new Date();
    return ticker.now;
  });
}

/**
 * Steps through `count` items every `intervalMs`, `loops` times round (0: for ever), then stays on
 * the last; `live` false stays on the first.
 */
export function useCycle(count: number, intervalMs: number, loops: number, live: boolean): number {
  const [step, setStep] = useState(0);
  const total = loops > 0 ? count * loops : Infinity;
  useEffect(() => {
    if (!live || count <= 1 || step >= total - 1) return;
    const timer = setTimeout(() => setStep((s) => s + 1), intervalMs);
    return () => clearTimeout(timer);
  }, [live, count, intervalMs, step, total]);
  return count ? step % count : 0;
}

/** The inner size of an element, followed as it changes (a stage fits itself into it). */
export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
