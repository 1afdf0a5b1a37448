/// <reference path="../pb_data/types.d.ts" />
/**
 * PocketBase's own error answers in Korean, for anyone calling the API directly (the app keys on
 * statuses and field codes, never on English text). Every request's error passes through here on
 * its way to PocketBase's error writer; the wording lives in lib/errors-ko.js.
 *
 * Priority -1035 puts this outside the rate limiter (-1000), body limit (-990), auth token loader
 * (-1020) and panic recovery (-1030), so their answers are translated too, and inside the activity
 * logger (-1040), which therefore logs the Korean message next to the raw error.
 */
routerUse(
  new Middleware(
    (e) => {
      try {
        return e.next();
      } catch (err) {
        const lib = require(`${__hooks}/lib/errors-ko.js`);
        let superuser = false;
        try {
          superuser = e.hasSuperuserAuth();
        } catch (_) {
          superuser = false;
        }
        throw lib.koreanError(err, superuser);
      }
    },
    -1035,
    'pocamarketErrorsKo',
  ),
);
