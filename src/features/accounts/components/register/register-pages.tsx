import { ko } from '@/i18n/ko-features';
import { normalizePhone } from '@/lib/account-validation';
import { BirthFields } from './birth-fields';
import { EmailField } from './email-field';
import { TermsFields } from './terms-fields';
import { TextField } from './text-field';
import type { RegisterForm } from '@/features/accounts/hooks/use-register-form';

const t = ko.register;

/** docs/product-rules.md, Sign-up: the wizard's 6 pages, in order. */
export const PAGE_COUNT = 6;

/** The fields of one wizard page (0 terms, 1 email, 2 password, 3 name, 4 phone, 5 birth). */
export function RegisterPage({
  form,
  page,
  desktop,
}: {
  form: RegisterForm;
  page: number;
  desktop: boolean;
}) {
  const { values } = form;
  switch (page) {
    case 0:
      return (
        <TermsFields
          terms={values.terms}
          onChange={(v) => form.set('terms', v)}
          hideLegend={!desktop}
        />
      );
    case 1:
      return <EmailField form={form} />;
    case 2:
      return (
        <>
          <TextField
            label={t.password}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={values.password}
            onValue={(v) => form.set('password', v)}
            onBlur={() => form.touch('password')}
            error={form.shown('password')}
            hint={t.passwordHint}
          />
          <TextField
            label={t.passwordConfirm}
            type="password"
            name="new-password-confirm"
            autoComplete="new-password"
            value={values.passwordConfirm}
            onValue={(v) => form.set('passwordConfirm', v)}
            onBlur={() => form.touch('passwordConfirm')}
            error={form.shown('passwordConfirm')}
          />
        </>
      );
    case 3:
      return (
        <>
          <TextField
            label={t.name}
            name="name"
            autoComplete="name"
            value={values.name}
            onValue={(v) => form.set('name', v)}
            onBlur={() => form.touch('name')}
            error={form.shown('name')}
            hint={t.nameHint}
          />
          <TextField
            label={ko.nickname.label}
            name="nickname"
            autoComplete="nickname"
            maxLength={20}
            value={values.nickname}
            onValue={(v) => form.set('nickname', v)}
            onBlur={() => form.touch('nickname')}
            error={form.shown('nickname') ?? form.nicknameTaken}
            status={
              form.nicknameChecking
                ? ko.nickname.checking
                : form.nicknameFree
                  ? ko.nickname.available
                  : null
            }
            hint={ko.nickname.optionalRule}
            data-testid="register-nickname"
          />
        </>
      );
    case 4:
      return (
        <TextField
          label={t.phone}
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onValue={(v) => form.set('phone', normalizePhone(v))}
          onBlur={() => form.touch('phone')}
          error={form.shown('phone')}
          hint={t.phoneHint}
        />
      );
    default:
      return <BirthFields form={form} withPicker={desktop} />;
  }
}
