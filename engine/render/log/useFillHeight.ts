/** The log table's height: down to the bottom of the window, kept as the window and the filter bar above it change. */
import { useEffect, useState, type RefObject } from 'react';

/** The table's height before the page is measured (tests), and its least. */
const TABLE_HEIGHT = 560;
const MIN_TABLE_HEIGHT = 320;
/** Room kept below the table (the page's padding). */
const BELOW_TABLE = 16;

/** The height that takes the table to the bottom of the window, kept as the window and the bar above it change. */
export function useFillHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(TABLE_HEIGHT);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_TABLE_HEIGHT, Math.floor(window.innerHeight - top - BELOW_TABLE)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    // What sits above the table (the filter bar growing to several rows) moves it.
    if (el.parentElement) observer.observe(el.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}
