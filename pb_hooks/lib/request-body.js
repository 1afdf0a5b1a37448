/**
 * The request body as the client sent it, for guards that must refuse a write to a hidden field
 * instead of letting PocketBase drop it unseen.
 */

const { toArray, valueKey } = require(`${__hooks}/lib/records.js`);

/**
 * The request's body as sent (JSON, urlencoded or multipart with its `@jsonPayload`), modifier
 * keys included (`likeList+`). PocketBase drops a non-superuser's values for hidden fields before
 * any hook sees the record or `requestInfo().body`, so a guard that must refuse such a write
 * (instead of silently ignoring it) reads the raw body, which PocketBase keeps re-readable.
 */
function submittedBody(e) {
  const out = {};
  const add = (obj) => {
    if (obj && typeof obj === 'object') for (const k of Object.keys(obj)) out[k] = obj[k];
  };
  try {
    // record request events carry the HTTP request on their embedded request event
    const request = e.request || e.requestEvent.request;
    const type = String(request.header.get('Content-Type') || '').toLowerCase();
    if (type.indexOf('multipart/form-data') === 0 || type.indexOf('x-www-form-urlencoded') >= 0) {
      const form = type.indexOf('multipart') === 0 ? request.multipartForm : null;
      const values = form ? form.value : request.postForm;
      if (values) {
        for (const k of Object.keys(values)) {
          if (k !== '@jsonPayload') out[k] = toArray(values[k]);
        }
        const payload = values['@jsonPayload'];
        for (let i = 0; payload && i < payload.length; i++) add(JSON.parse(payload[i]));
      }
    } else {
      add(JSON.parse(toString(request.body, 1 << 20) || '{}'));
    }
  } catch {
    // an unreadable body was refused by PocketBase before the hooks
  }
  return out;
}

/**
 * Whether the raw body would change the multi-value `field` of `record` (plainly or through a
 * `+`/`-` modifier), compared with its stored value (or `current`, for a list that is not stored:
 * `likeList`); sending the current value back is no change. `submitted`: the body, when the
 * caller has read it already (a request's body can be read once).
 */
function submitsChange(e, record, field, current, submitted) {
  // the body can be read once per request: a caller that read it already passes it
  const body = submitted || submittedBody(e);
  const stored = current
    ? toArray(current).map(String)
    : record.isNew()
      ? []
      : toArray(record.original().get(field)).map(String);
  let next = stored.slice();
  let named = false;
  for (const key of Object.keys(body)) {
    const values = toArray(body[key])
      .map(String)
      .filter((v) => v !== '');
    if (key === field) next = values;
    else if (key === `+${field}`) next = values.concat(next);
    else if (key === `${field}+`) next = next.concat(values);
    else if (key === `${field}-`) next = next.filter((v) => values.indexOf(v) < 0);
    else continue;
    named = true;
  }
  return named && valueKey(next) !== valueKey(stored);
}

module.exports = { submittedBody, submitsChange };
