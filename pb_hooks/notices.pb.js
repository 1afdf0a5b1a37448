/**
 * 공지사항 (`notices`, docs/data-model.md). The API rules let only admins and superusers write;
 * lib/notices.js trims the text, refuses a blank title or body with a Korean message (nothing is
 * stored) and dates a notice written without `published` now, so every notice has the date the
 * fans' new dot compares (docs/product-rules.md, Notices). Superusers (the dashboard) get the
 * same checks: a blank notice is never what anyone meant.
 */

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/notices.js`).checkNotice(e.record);
  e.next();
}, 'notices');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/notices.js`).checkNotice(e.record);
  e.next();
}, 'notices');
