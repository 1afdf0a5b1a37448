/**
 * Korean text of the reports domain: what a queued report change is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses a withdrawal for good (a
 * refused report is told in the report screens' own words, src/i18n/ko.ts `messages`).
 */
export const reportsKo = {
  kinds: {
    reportCreate: '제보하기',
    reportDelete: '제보 삭제',
  },
  failures: {
    reportDelete: '제보를 삭제하지 못했어요.',
  },
};
