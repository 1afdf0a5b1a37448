// The settings screen's way into the console (docs/operators.md, The console): its group title
// and link, for admins only. Apart from ./ko.ts so the settings chunk carries just these.

export const koAdminEntry = {
  group: '운영',
  link: '관리',
} as const;
