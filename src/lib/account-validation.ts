/**
 * Sign-up field rules (docs/product-rules.md, Sign-up), as pure functions: each returns the Korean
 * message of that table for the first rule the value breaks, or null when it is valid.
 * pb_hooks/lib/signup.js applies the same rules on the server.
 */
import { ko } from '@/i18n/ko';
import { isReservedName, MSG_RESERVED_NAME } from './reserved-names';

const v = ko.validation;

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const PASSWORD_MIN = 10;
export const PHONE_LENGTH = 11;
export const BIRTH_MIN_YEAR = 1900;

const PASSWORD_CHARS = /^[A-Za-z0-9~!@#$%^&*()_+=]+$/;
const PASSWORD_CLASSES = [/[A-Za-z]/, /[0-9]/, /[~!@#$%^&*()_+=]/];
const HANGUL_NAME = /^[가-힣]{2,4}$/;
const LATIN_NAME = /^[A-Za-z]{2,10} [A-Za-z]{2,10}$/;

/** The form emails are compared and stored in (the local sign-up secret is keyed by it). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailError(email: string): string | null {
  const e = email.trim();
  if (e === '') return v.emailRequired;
  return EMAIL_PATTERN.test(e) ? null : v.emailFormat;
}

export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN) return v.passwordMin;
  if (!PASSWORD_CHARS.test(password)) return v.passwordChars;
  const classes = PASSWORD_CLASSES.filter((r) => r.test(password)).length;
  return classes >= 2 ? null : v.passwordChars;
}

export function passwordConfirmError(password: string, confirm: string): string | null {
  if (confirm === '') return v.passwordConfirmRequired;
  return confirm === password ? null : v.passwordConfirmMismatch;
}

export function nameError(name: string): string | null {
  if (name.trim() === '') return v.nameRequired;
  if (!HANGUL_NAME.test(name) && !LATIN_NAME.test(name)) return v.nameFormat;
  // 관리자, 운영자, 포카마켓... are the operators' (the server refuses them too)
  return isReservedName(name) ? MSG_RESERVED_NAME : null;
}

/** What the phone field keeps of what was typed: digits only, at most 11. */
export function normalizePhone(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

export function phoneError(phone: string): string | null {
  if (phone === '') return v.phoneRequired;
  return /^\d+$/.test(phone) && phone.length === PHONE_LENGTH ? null : v.phoneFormat;
}

export interface BirthParts {
  year: string;
  month: string;
  day: string;
}

/** Digits only, at most `max` of them (the YYYY / MM / DD inputs). */
export function normalizeDigits(input: string, max: number): string {
  return input.replace(/\D/g, '').slice(0, max);
}

/** YYYY-MM-DD (what is sent) for valid parts, else null. */
export function birthToIso(parts: BirthParts, now: Date = new Date()): string | null {
  const { year, month, day } = parts;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < BIRTH_MIN_YEAR || y > now.getFullYear()) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function birthError(parts: BirthParts, now: Date = new Date()): string | null {
  if (parts.year === '' && parts.month === '' && parts.day === '') return v.birthRequired;
  return birthToIso(parts, now) ? null : v.birthFormat;
}

export interface Terms {
  agreeOverFourteen: boolean;
  agreeService: boolean;
  agreePersonalInfo: boolean;
  agreeMarketing: boolean;
}

export const NO_TERMS: Terms = {
  agreeOverFourteen: false,
  agreeService: false,
  agreePersonalInfo: false,
  agreeMarketing: false,
};

export function requiredTermsAccepted(t: Terms): boolean {
  return t.agreeOverFourteen && t.agreeService && t.agreePersonalInfo;
}

export function allTermsAccepted(t: Terms): boolean {
  return requiredTermsAccepted(t) && t.agreeMarketing;
}
