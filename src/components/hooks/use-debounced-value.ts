import { startTransition, useEffect, useState } from 'react';

/** docs/product-rules.md, Search: search input is debounced 500 ms. */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * `value`, once it has stopped changing for `delay` ms. Emptying the box applies at once: there
 * is nothing to wait for, and the old results should not linger while the user types anew.
 * The settled value is set in a transition: what it draws (a grid of results) is rendered in
 * slices that yield, so a key typed meanwhile is answered at once instead of after the grid.
 */
export function useDebouncedValue(value: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  if (value.trim() === '' && settled.trim() !== '') setSettled(value);

  useEffect(() => {
    if (value === settled) return;
    const id = setTimeout(() => startTransition(() => setSettled(value)), delay);
    return () => clearTimeout(id);
  }, [value, settled, delay]);

  return settled;
}
