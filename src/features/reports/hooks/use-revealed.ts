import { useState } from 'react';
import { questionsToShow } from '@/features/reports/report-rules';

/**
 * The progressive reveal (docs/product-rules.md, Reports): how many questions of the form are on
 * screen. Each next one appears once the one before it is answered, and a question once shown
 * stays, so a fan who clears an earlier answer to retype it keeps seeing what they entered after
 * it.
 */
export function useRevealed(answered: readonly boolean[]): number {
  const [shown, setShown] = useState(1);
  const next = questionsToShow(answered, shown);
  // Adjusting state while rendering (React's documented pattern for state derived from props).
  if (next !== shown) setShown(next);
  return next;
}
