import { lazy } from 'react';

/**
 * The 신고 sheet (./content-report-sheet.tsx), loaded on the first 신고: the screens that offer it
 * carry only the button until then.
 */
export const LazyContentReportSheet = lazy(() =>
  import('./content-report-sheet').then((m) => ({ default: m.ContentReportSheet })),
);
