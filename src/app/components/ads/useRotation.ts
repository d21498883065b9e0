// Ad rotation timing: each ad shows for its duration_time (default 5 s), fades for 200 ms, loops; the
// next image preloads. Timers start in an effect, so the first client render matches the HTML.
import { useEffect, useState } from 'react';

export const AD_FADE_MS = 200;

export interface Rotation {
  index: number;
  /** False during the 200 ms fade-out. */
  visible: boolean;
}

export function useRotation(count: number, durationMs: (i: number) => number, preload: (i: number) => void): Rotation {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  const current = count > 0 ? index % count : 0;
  useEffect(() => {
    if (count < 2) return;
    const next = (current + 1) % count;
    preload(next);
    let swap: ReturnType<typeof setTimeout> | undefined;
    const show = setTimeout(() => {
      setVisible(false);
      swap = setTimeout(() => {
        setIndex(next);
        setVisible(true);
      }, AD_FADE_MS);
    }, durationMs(current));
    return () => {
      clearTimeout(show);
      if (swap) clearTimeout(swap);
    };
    // durationMs/preload are derived from the same ad list as count
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, count]);
  return { index: current, visible };
}
