import { useEffect, useState } from 'react';

/** Element id of the shell's sticky top (header bar and tabs). */
export const STICKY_HEADER_ID = 'app-sticky-header';

/** Height of the shell's sticky top, followed as it changes: a sticky table header sits below it. */
export function useStickyHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = document.getElementById(STICKY_HEADER_ID);
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return height;
}
