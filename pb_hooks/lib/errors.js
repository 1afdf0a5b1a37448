/**
 * The 400 answer the hooks refuse a write with: a message for the user and the same validation
 * error on each named field (the app shows field errors by `code`).
 */

function badRequest(message, fields, code, fieldMessage) {
  const data = {};
  for (const f of fields || []) {
    data[f] = new ValidationError(code || 'validation_invalid_value', fieldMessage || message);
  }
  return new BadRequestError(message, data);
}

module.exports = { badRequest };
