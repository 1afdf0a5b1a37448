/**
 * An event's comments close once it has ended (docs/product-rules.md, Comments): its last day
 * (endDate, or startDate when it has none) is before today in Korea. Stored dates are calendar
 * days at midnight UTC, so they are compared as `YYYY-MM-DD` strings, like the client's
 * lib/meetup-dates.ts. Korea keeps UTC+9 all year, so today there is the UTC clock moved 9 hours.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);

const MSG_COMMENT_ENDED = '종료된 이벤트에는 댓글을 남길 수 없어요.';
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a stored date value, or '' when it holds none. */
function dayOf(value) {
  const s = String(value || '').slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : '';
}

/** Today's date in Korea as `YYYY-MM-DD`. */
function koreaToday(nowMs) {
  return new Date((nowMs === undefined ? Date.now() : nowMs) + KST_OFFSET_MS)
    .toISOString()
    .slice(0, 10);
}

/** Whether the meetUps record has ended (an event without any date never ends). */
function hasEnded(meetUp, nowMs) {
  const last = dayOf(meetUp.getString('endDate')) || dayOf(meetUp.getString('startDate'));
  return last !== '' && last < koreaToday(nowMs);
}

/** Refuses a new comment on an ended event with the Korean message the comment form shows. */
function checkCommentOpen(app, comment) {
  const id = comment.getString('meetUp');
  if (!id) return;
  let meetUp;
  try {
    meetUp = app.findRecordById('meetUps', id);
  } catch {
    return; // an unknown event: the relation field's own validation answers
  }
  if (hasEnded(meetUp)) throw badRequest(MSG_COMMENT_ENDED, ['meetUp'], 'validation_meetup_ended');
}

module.exports = { checkCommentOpen, hasEnded, koreaToday, MSG_COMMENT_ENDED };
