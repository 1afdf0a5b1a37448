/**
 * The checks of a notice write (pb_hooks/notices.pb.js; docs/data-model.md, notices): trimmed
 * text, a Korean refusal for a blank title or body, and `published` filled in when left empty.
 */

function checkNotice(record) {
  const { badRequest } = require(`${__hooks}/lib/errors.js`);
  const title = String(record.getString('title') || '').trim();
  const body = String(record.getString('body') || '').trim();
  if (!title) throw badRequest('공지 제목을 입력해주세요.', ['title'], 'validation_required');
  if (!body) throw badRequest('공지 내용을 입력해주세요.', ['body'], 'validation_required');
  record.set('title', title);
  record.set('body', body);
  if (!record.getString('published')) record.set('published', new DateTime());
}

module.exports = { checkNotice };
