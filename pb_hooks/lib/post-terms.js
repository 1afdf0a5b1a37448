/**
 * The terms of an exchange post (docs/product-rules.md, Exchange posts; docs/data-model.md,
 * `exchangeList`): its type (교환, 양도, 구함), price, shipping methods, 반값택배 chain, 직거래 place
 * and photos, checked as the app's form checks them (src/domains/posts/rules.ts), each refused
 * with the form's Korean message (lib/errors.js). Used by guards.pb.js on create and on every
 * update that changes one of them.
 *
 * Two things the form asks and the server does not: a shipping method (posts queued offline by an
 * older app version carry none) and a type (missing is stored as `exchange`).
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);

const POST_TYPES = ['exchange', 'sell', 'want'];
const SHIPPING = ['semi', 'half', 'parcel', 'meet'];
const CVS = ['gs25', 'cu', 'seven'];
const PRICE_MIN = 100;
const PRICE_MAX = 10000000;
const MEET_PLACE_MAX = 40;
const PHOTOS_MAX = 3;

/** The fields a post's terms are in; only its writer changes them. */
const TERMS = ['postType', 'price', 'shipping', 'cvs', 'meetPlace', 'photos'];

const MSG_TYPE = '글 종류는 교환, 양도, 구함 중에서 골라주세요.';
const MSG_PRICE_REQUIRED = '양도 글에는 100원 이상의 가격을 적어주세요.';
const MSG_PRICE_TOO_HIGH = '가격은 10,000,000원까지 적을 수 있어요.';
const MSG_PRICE_NOT_INT = '가격은 원 단위의 숫자로 적어주세요.';
const MSG_PRICE_NOT_SELL = '가격은 양도 글에만 적을 수 있어요.';
const MSG_SHIPPING = '거래 방법은 준등기, 반값택배, 일반택배, 직거래 중에서 골라주세요.';
const MSG_CVS_REQUIRED = '반값택배를 보낼 편의점을 골라주세요.';
const MSG_CVS_UNKNOWN = '편의점은 GS25, CU, 세븐일레븐 중에서 골라주세요.';
const MSG_CVS_NOT_HALF = '편의점은 반값택배를 고를 때만 고를 수 있어요.';
const MSG_PLACE_REQUIRED = '직거래 장소를 적어주세요.';
const MSG_PLACE_TOO_LONG = '직거래 장소는 40자까지 적을 수 있어요.';
const MSG_PLACE_NOT_MEET = '직거래 장소는 직거래를 고를 때만 적을 수 있어요.';
const MSG_PHOTOS = '사진은 3장까지 올릴 수 있어요.';
const MSG_WRITER_ONLY = '거래 조건과 사진은 글쓴이만 바꿀 수 있어요.';

const CODE_TYPE = 'validation_post_type';
const CODE_PRICE = 'validation_post_price';
const CODE_SHIPPING = 'validation_post_shipping';
const CODE_CVS = 'validation_post_cvs';
const CODE_PLACE = 'validation_post_meet_place';
const CODE_PHOTOS = 'validation_post_photos';
const CODE_WRITER_ONLY = 'validation_post_writer_only';

/**
 * The terms as plain values, for the pure check below: `record` is a PocketBase record, or a
 * plain object with the same fields (the unit tests).
 */
function termsOf(record) {
  const { toArray } = require(`${__hooks}/lib/records.js`);
  const get = (f) => (typeof record.get === 'function' ? record.get(f) : record[f]);
  const price = get('price');
  return {
    postType: String(get('postType') == null ? '' : get('postType')),
    price: typeof price === 'number' ? price : Number(price || 0),
    shipping: toArray(get('shipping')).map(String),
    cvs: String(get('cvs') == null ? '' : get('cvs')),
    meetPlace: String(get('meetPlace') == null ? '' : get('meetPlace')),
    photos: toArray(get('photos')).length,
  };
}

/**
 * The first rule the terms break, as { field, message, code }, or null. `meetPlace` is judged
 * trimmed; a blank `postType` is `exchange`.
 */
function termsProblem(t) {
  const { findProfanity, normalizeText, codePointLength } = require(
    `${__hooks}/lib/input-rules.js`,
  );
  const type = t.postType || 'exchange';
  if (POST_TYPES.indexOf(type) < 0)
    return { field: 'postType', message: MSG_TYPE, code: CODE_TYPE };
  const price = t.price;
  if (!isFinite(price) || price !== Math.floor(price)) {
    return { field: 'price', message: MSG_PRICE_NOT_INT, code: CODE_PRICE };
  }
  if (type === 'sell') {
    if (price < PRICE_MIN) return { field: 'price', message: MSG_PRICE_REQUIRED, code: CODE_PRICE };
    if (price > PRICE_MAX) return { field: 'price', message: MSG_PRICE_TOO_HIGH, code: CODE_PRICE };
  } else if (price !== 0) {
    return { field: 'price', message: MSG_PRICE_NOT_SELL, code: CODE_PRICE };
  }
  for (const s of t.shipping) {
    if (SHIPPING.indexOf(s) < 0) {
      return { field: 'shipping', message: MSG_SHIPPING, code: CODE_SHIPPING };
    }
  }
  if (t.shipping.indexOf('half') >= 0) {
    if (!t.cvs) return { field: 'cvs', message: MSG_CVS_REQUIRED, code: CODE_CVS };
    if (CVS.indexOf(t.cvs) < 0) return { field: 'cvs', message: MSG_CVS_UNKNOWN, code: CODE_CVS };
  } else if (t.cvs) {
    return { field: 'cvs', message: MSG_CVS_NOT_HALF, code: CODE_CVS };
  }
  const place = t.meetPlace.trim();
  if (t.shipping.indexOf('meet') >= 0) {
    if (normalizeText(place) === '') {
      return { field: 'meetPlace', message: MSG_PLACE_REQUIRED, code: CODE_PLACE };
    }
    if (codePointLength(place) > MEET_PLACE_MAX) {
      return { field: 'meetPlace', message: MSG_PLACE_TOO_LONG, code: CODE_PLACE };
    }
    if (findProfanity(place)) {
      const { MSG_PROFANITY } = require(`${__hooks}/lib/input-rules.js`);
      return { field: 'meetPlace', message: MSG_PROFANITY, code: 'validation_profanity' };
    }
  } else if (place !== '') {
    return { field: 'meetPlace', message: MSG_PLACE_NOT_MEET, code: CODE_PLACE };
  }
  if (t.photos > PHOTOS_MAX) return { field: 'photos', message: MSG_PHOTOS, code: CODE_PHOTOS };
  return null;
}

/**
 * Checks a post's terms on the record of a create or update request and stores the normal form
 * (a missing type as `exchange`, the place trimmed, a zero-width-only place as empty); throws a
 * 400 with the Korean message of the first rule broken.
 */
function checkPostTerms(record) {
  const t = termsOf(record);
  const problem = termsProblem(t);
  if (problem) throw badRequest(problem.message, [problem.field], problem.code);
  if (!t.postType) record.set('postType', 'exchange');
  const place = t.meetPlace.trim();
  if (place !== t.meetPlace) record.set('meetPlace', place);
}

/**
 * An update request's check: when it changes a term, only the writer may (an admin edits the text
 * and deletes, the trade terms stay the writer's, like the status), and the terms are checked
 * again as a whole. A request that changes none of them is left alone.
 */
function checkPostTermsUpdate(e) {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  const changed = changedFields(e.record, TERMS);
  if (!changed.length) return;
  if (!e.hasSuperuserAuth() && (!e.auth || e.auth.id !== e.record.getString('writer'))) {
    throw badRequest(MSG_WRITER_ONLY, changed, CODE_WRITER_ONLY);
  }
  checkPostTerms(e.record);
}

module.exports = {
  POST_TYPES,
  SHIPPING,
  CVS,
  PRICE_MIN,
  PRICE_MAX,
  MEET_PLACE_MAX,
  PHOTOS_MAX,
  TERMS,
  CODES: {
    type: CODE_TYPE,
    price: CODE_PRICE,
    shipping: CODE_SHIPPING,
    cvs: CODE_CVS,
    meetPlace: CODE_PLACE,
    photos: CODE_PHOTOS,
    writerOnly: CODE_WRITER_ONLY,
  },
  MESSAGES: {
    type: MSG_TYPE,
    priceRequired: MSG_PRICE_REQUIRED,
    priceTooHigh: MSG_PRICE_TOO_HIGH,
    priceNotInt: MSG_PRICE_NOT_INT,
    priceNotSell: MSG_PRICE_NOT_SELL,
    shipping: MSG_SHIPPING,
    cvsRequired: MSG_CVS_REQUIRED,
    cvsUnknown: MSG_CVS_UNKNOWN,
    cvsNotHalf: MSG_CVS_NOT_HALF,
    placeRequired: MSG_PLACE_REQUIRED,
    placeTooLong: MSG_PLACE_TOO_LONG,
    placeNotMeet: MSG_PLACE_NOT_MEET,
    photos: MSG_PHOTOS,
    writerOnly: MSG_WRITER_ONLY,
  },
  termsOf,
  termsProblem,
  checkPostTerms,
  checkPostTermsUpdate,
};
