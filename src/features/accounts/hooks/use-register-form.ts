// State of the sign-up form, shared by the phone wizard and the desktop form: field values, which
// fields the user has touched (errors show only then), the email availability check (debounced
// 500 ms, and on blur), the verification request and the final submit. A form opened in a browser
// where a verification link was opened but the sign-up was not started (the mail read on another
// device or app) starts with that link's email, already verified.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  completeSignup,
  isEmailAvailable,
  lastLink,
  startEmailVerification,
  type CompleteResult,
} from '@/domains/accounts/signup';
import { useNicknameCheck } from './use-nickname-check';
import { nicknameError } from '@/lib/nickname';
import {
  NO_TERMS,
  birthError,
  birthToIso,
  emailError,
  nameError,
  passwordConfirmError,
  passwordError,
  phoneError,
  requiredTermsAccepted,
  type BirthParts,
  type Terms,
} from '@/lib/account-validation';

export type FieldName =
  'email' | 'password' | 'passwordConfirm' | 'name' | 'nickname' | 'phone' | 'birth';
export type Availability = 'unknown' | 'checking' | 'available' | 'taken';
export type Verification = 'idle' | 'sending' | 'sent' | 'checkEmail' | 'networkError';

export const EMAIL_CHECK_DEBOUNCE_MS = 500;

export interface RegisterValues {
  terms: Terms;
  email: string;
  password: string;
  passwordConfirm: string;
  name: string;
  /** Optional: left empty, the server picks '팬' and digits (docs/accounts.md, Nicknames). */
  nickname: string;
  phone: string;
  birth: BirthParts;
}

const EMPTY: RegisterValues = {
  terms: NO_TERMS,
  email: '',
  password: '',
  passwordConfirm: '',
  name: '',
  nickname: '',
  phone: '',
  birth: { year: '', month: '', day: '' },
};

/** The email of a verification link opened in this browser, if any (read once per form). */
function linkedEmail(): string {
  try {
    return lastLink()?.email ?? '';
  } catch {
    return ''; // no storage
  }
}

export function useRegisterForm() {
  const [linked] = useState(linkedEmail);
  const [values, setValues] = useState<RegisterValues>(() => ({ ...EMPTY, email: linked }));
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [availability, setAvailability] = useState<Availability>(linked ? 'available' : 'unknown');
  const [verification, setVerification] = useState<Verification>(linked ? 'sent' : 'idle');
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<CompleteResult | null>(null);
  const checkedEmail = useRef(linked);

  const errors: Record<FieldName, string | null> = useMemo(
    () => ({
      email: emailError(values.email),
      password: passwordError(values.password),
      passwordConfirm: passwordConfirmError(values.password, values.passwordConfirm),
      name: nameError(values.name),
      nickname: values.nickname.trim() === '' ? null : nicknameError(values.nickname),
      phone: phoneError(values.phone),
      birth: birthError(values.birth),
    }),
    [values],
  );

  const set = useCallback(<K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key !== 'terms') setTouched((t) => new Set(t).add(key as FieldName));
    if (key === 'email') {
      setAvailability('unknown');
      setVerification('idle');
    }
  }, []);

  const touch = useCallback((field: FieldName) => {
    setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  }, []);

  /** The message to show for a field: its rule's, once the user has been there. */
  const shown = (field: FieldName): string | null => (touched.has(field) ? errors[field] : null);

  const checkEmail = useCallback(async (email: string) => {
    if (emailError(email) || checkedEmail.current === email) return;
    checkedEmail.current = email;
    setAvailability('checking');
    let result: Availability = 'unknown';
    try {
      result = (await isEmailAvailable(email)) ? 'available' : 'taken';
    } catch {
      // unknown: '인증하기' still finds a taken email
    }
    if (checkedEmail.current === email) setAvailability(result);
  }, []);

  // debounced while typing; blur checks at once (see EmailField)
  useEffect(() => {
    if (errors.email) {
      checkedEmail.current = '';
      return;
    }
    const id = setTimeout(() => void checkEmail(values.email), EMAIL_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [values.email, errors.email, checkEmail]);

  // the nickname's availability, debounced while typing (only the server knows who has what)
  const wantedNickname = values.nickname.trim();
  const nicknameCheck = useNicknameCheck(wantedNickname, !!wantedNickname && !errors.nickname);
  const nicknameTaken = typeof nicknameCheck === 'object' ? nicknameCheck.message : null;
  const nicknameChecking = nicknameCheck === 'checking';
  const nicknameFree = nicknameCheck === 'available';

  // the link opened in another tab of this browser: the form can go on (docs/accounts.md, Sign-up)
  const [linkOpened, setLinkOpened] = useState(false);
  useEffect(() => {
    if (verification !== 'sent' || linked) return;
    const email = values.email.trim().toLowerCase();
    const look = () => {
      try {
        if (lastLink()?.email === email) setLinkOpened(true);
      } catch {
        // no storage: the mail's page offers '가입 계속하기' instead
      }
    };
    look();
    window.addEventListener('storage', look);
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', look);
    return () => {
      window.removeEventListener('storage', look);
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', look);
    };
  }, [verification, linked, values.email]);

  const verify = useCallback(async () => {
    if (emailError(values.email) || availability === 'taken') {
      setVerification('checkEmail');
      return;
    }
    setVerification('sending');
    const result = await startEmailVerification(values.email);
    if (result === 'checkEmail') setAvailability('taken');
    setVerification(result);
  }, [values.email, availability]);

  const verificationStarted = verification === 'sending' || verification === 'sent';
  const emailReady = !errors.email && availability !== 'taken' && verification === 'sent';

  /** Per wizard page (terms, email, password, name, phone, birth): may the user go on? */
  const pageValid = [
    requiredTermsAccepted(values.terms),
    emailReady,
    !errors.password && !errors.passwordConfirm,
    !errors.name && !errors.nickname && !nicknameTaken,
    !errors.phone,
    !errors.birth,
  ];
  const canSubmit = pageValid.every(Boolean) && !submitting;

  const submit = useCallback(async (): Promise<CompleteResult | null> => {
    const birth = birthToIso(values.birth);
    if (!birth) return null;
    setSubmitting(true);
    setOutcome(null);
    try {
      const result = await completeSignup({
        email: values.email,
        password: values.password,
        name: values.name,
        phoneNumber: values.phone,
        birth,
        ...(values.nickname.trim() ? { username: values.nickname.trim() } : {}),
      });
      setOutcome(result);
      return result;
    } finally {
      setSubmitting(false);
    }
  }, [values]);

  return {
    /** The email is the one of a verification link opened in this browser (already verified). */
    linked: linked !== '' && values.email === linked && verification === 'sent',
    values,
    set,
    touch,
    errors,
    shown,
    availability,
    checkEmail,
    verification,
    verificationStarted,
    verify,
    /** The mail's link was opened in this browser since '인증하기' (another tab). */
    linkOpened,
    nicknameTaken,
    nicknameChecking,
    nicknameFree,
    pageValid,
    canSubmit,
    submitting,
    submit,
    outcome,
  };
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;
