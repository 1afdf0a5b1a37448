// Strings of the report hub and forms (/informUs...); merged into `ko` by ko-features.ts.
export const koReports = {
  reports: {},
} as const;
