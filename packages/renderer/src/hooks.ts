import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** The current time, refreshed every `intervalMs` (clocks and time-range rules). */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
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
