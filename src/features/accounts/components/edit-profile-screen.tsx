import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { UserIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { PendingMark } from '@/components/ui/pending-mark';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { useOnline } from '@/components/hooks/use-online';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { usePendingFileUrl, usePendingKeys } from '@/live/sync';
import { OfflineError } from '@/domains/accounts/account';
import {
  ProfileFieldsError,
  saveProfileOnline,
  type PrivateFields,
} from '@/domains/accounts/profile';
import { fileUrl } from '@/data/pb/files';
import type { UserProfile } from '@/data/pb/records';
import { InvalidInputError, StorageFullError, updateProfile } from '@/domains/tables/writes';
import { ko } from '@/i18n/ko-features';
import {
  birthError,
  birthToIso,
  nameError,
  normalizeDigits,
  normalizePhone,
  phoneError,
  type BirthParts,
} from '@/lib/account-validation';
import { nicknameError } from '@/lib/nickname';
import { TextField } from '@/features/accounts/components/register/text-field';
import form from '@/features/accounts/components/register/register.module.css';
import { useNicknameCheck } from '@/features/accounts/hooks/use-nickname-check';
import styles from './edit-profile-screen.module.css';

const t = ko.editProfile;
const tn = ko.nickname;

// the cropper (canvas, pointer handling) loads when a photo is first picked
const AvatarCropper = lazy(() =>
  import('./avatar-cropper').then((m) => ({ default: m.AvatarCropper })),
);

const AVATAR_PICK_MAX = 5 * 1024 * 1024;

type Field = 'name' | 'username' | 'phoneNumber' | 'birth';

function birthParts(iso: string): BirthParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? { year: m[1]!, month: m[2]!, day: m[3]! } : { year: '', month: '', day: '' };
}

/**
 * /editProfile, 회원정보 수정 (docs/accounts.md, Editing the profile): nickname (its rule under
 * the field, checked live), name, phone, birth date and the round profile picture. Online, the
 * fields go together through the profile route, which checks them with the sign-up's rules and
 * answers each refusal under its field. Offline, a name or nickname change is queued through the
 * outbox (marked pending until it lands); phone and birth date wait for a connection.
 */
export function EditProfileScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const profile = useOwnProfile();
  return (
    <section className={styles.screen}>
      <ScreenTitle title={t.title} back />
      {!userId ? (
        <NoticeCard icon={<UserIcon size={32} />} title={t.loginRequired} testId="edit-logged-out">
          <Link to="/login" className={noticeActionClass}>
            {ko.profile.loginLink}
          </Link>
        </NoticeCard>
      ) : !profile ? (
        <p className={styles.loading} role="status">
          {t.loading}
        </p>
      ) : (
        <EditForm key={profile.id} profile={profile} />
      )}
    </section>
  );
}

function EditForm({ profile }: { profile: UserProfile }) {
  const online = useOnline();
  const pending = usePendingKeys().has(`users/${profile.id}`);
  const [name, setName] = useState(profile.name);
  const [username, setUsername] = useState(profile.username);
  const [phone, setPhone] = useState(profile.phoneNumber);
  const [birth, setBirth] = useState<BirthParts>(() => birthParts(profile.birth));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState('');
  const birthId = useId();

  const birthIso = birthToIso(birth);
  const changed = {
    name: name.trim() !== profile.name,
    username: username.trim() !== profile.username,
    phoneNumber: phone !== profile.phoneNumber,
    // an account without a birth date (a social login's) keeps none while the parts stay empty
    birth:
      (birthIso ?? (birth.year + birth.month + birth.day === '' ? '' : 'incomplete')) !==
      profile.birth,
  };
  const local: Record<Field, string | null> = {
    name: changed.name ? nameError(name.trim()) : null,
    username: changed.username ? nicknameError(username, profile.username) : null,
    phoneNumber: changed.phoneNumber ? phoneError(phone) : null,
    birth: changed.birth ? birthError(birth) : null,
  };
  const shown = (f: Field): string | null =>
    (touched.has(f) ? local[f] : null) ??
    serverErrors[f] ??
    (f === 'username' && typeof check === 'object' ? check.message : null);

  const edit = (f: Field) => {
    setTouched((s) => new Set(s).add(f));
    setServerErrors(({ [f]: _dropped, ...rest }) => rest);
    setNotice('');
  };

  // the nickname's availability, debounced while typing; only the server knows who has what
  const wanted = username.trim();
  const formatOk = changed.username && !local.username;
  const check = useNicknameCheck(wanted, formatOk);

  const nicknameStatus =
    !changed.username || shown('username')
      ? null
      : check === 'checking'
        ? tn.checking
        : check === 'available'
          ? tn.available
          : check === 'unknown' && !online
            ? tn.uncheckedOffline
            : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(new Set<Field>(['name', 'username', 'phoneNumber', 'birth']));
    const fields: PrivateFields = {};
    if (changed.name) fields.name = name.trim();
    if (changed.username) fields.username = username.trim();
    if (changed.phoneNumber) fields.phoneNumber = phone;
    if (changed.birth) fields.birth = birthIso ?? '';
    if (!Object.keys(fields).length) {
      setNotice(t.nothingChanged);
      return;
    }
    if (Object.values(local).some(Boolean) || typeof check === 'object') return;
    setSaving(true);
    try {
      try {
        await saveProfileOnline(fields);
        toast.success(t.saved);
        setNotice(t.saved);
        return;
      } catch (err) {
        if (!(err instanceof OfflineError)) throw err;
      }
      // offline: name and nickname wait in the outbox; the private fields need the server
      if (fields.phoneNumber !== undefined || fields.birth !== undefined) {
        setServerErrors({
          ...(fields.phoneNumber !== undefined ? { phoneNumber: t.privateOffline } : {}),
          ...(fields.birth !== undefined ? { birth: t.privateOffline } : {}),
        });
      }
      if (fields.name !== undefined || fields.username !== undefined) {
        await updateProfile({
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.username !== undefined ? { username: fields.username } : {}),
        });
        setNotice(t.savedPending);
      }
    } catch (err) {
      if (err instanceof ProfileFieldsError) setServerErrors(err.fields);
      else if (err instanceof InvalidInputError) setNotice(err.message);
      else if (err instanceof StorageFullError) setNotice(ko.sync.storageFull);
      else setNotice(t.failed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.body}>
      <AvatarPicker profile={profile} online={online} />
      <p className={styles.intro}>{t.intro}</p>
      <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label={tn.label}
          name="nickname"
          autoComplete="nickname"
          value={username}
          onValue={(v) => {
            setUsername(v);
            edit('username');
          }}
          error={shown('username')}
          status={nicknameStatus}
          hint={tn.rule}
          maxLength={20}
          data-testid="edit-nickname"
        />
        <TextField
          label={t.name}
          name="name"
          autoComplete="name"
          value={name}
          onValue={(v) => {
            setName(v);
            edit('name');
          }}
          error={shown('name')}
          hint={t.nameHint}
          data-testid="edit-name"
        />
        <TextField
          label={t.phone}
          type="tel"
          name="phone"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          onValue={(v) => {
            setPhone(normalizePhone(v));
            edit('phoneNumber');
          }}
          error={shown('phoneNumber')}
          hint={t.phoneHint}
          data-testid="edit-phone"
        />
        <fieldset
          className={form.field}
          aria-describedby={shown('birth') ? `${birthId}-error` : undefined}
        >
          <legend className={form.label}>{t.birth}</legend>
          <div className={form.birthRow}>
            {(
              [
                ['year', 4, t.birthYear, 'YYYY'],
                ['month', 2, t.birthMonth, 'MM'],
                ['day', 2, t.birthDay, 'DD'],
              ] as const
            ).map(([key, max, label, placeholder], i) => (
              <span key={key} className={form.birthPart}>
                {i > 0 && (
                  <span aria-hidden="true" className={form.birthSlash}>
                    /
                  </span>
                )}
                <input
                  className={`${form.input} ${key === 'year' ? form.birthYear : form.birthShort}`}
                  aria-label={label}
                  placeholder={placeholder}
                  inputMode="numeric"
                  autoComplete={`bday-${key}`}
                  maxLength={max}
                  value={birth[key]}
                  aria-invalid={shown('birth') ? true : undefined}
                  onChange={(e) => {
                    setBirth((b) => ({ ...b, [key]: normalizeDigits(e.target.value, max) }));
                    edit('birth');
                  }}
                  data-testid={`edit-birth-${key}`}
                />
              </span>
            ))}
          </div>
          {shown('birth') && (
            <p id={`${birthId}-error`} className={form.error} role="alert">
              {shown('birth')}
            </p>
          )}
        </fieldset>
        <p className={styles.private}>{t.privateNote}</p>
        {pending ? (
          <p className={styles.pending} data-testid="edit-pending">
            <PendingMark />
            {t.pending}
          </p>
        ) : null}
        {notice ? (
          <p className={styles.notice} role="status" data-testid="edit-notice">
            {notice}
          </p>
        ) : null}
        <button type="submit" className={form.primary} disabled={saving} data-testid="edit-save">
          {saving ? t.saving : t.save}
        </button>
      </form>
    </div>
  );
}

/**
 * The round picture and '사진 선택': a picked photo opens the cropper; the cropped picture is
 * queued through the outbox like any profile change (shown at once, sent when online).
 */
function AvatarPicker({ profile, online }: { profile: UserProfile; online: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Blob | null>(null);
  const [message, setMessage] = useState('');
  const queued = usePendingFileUrl('users', profile.id, 'avatar');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const server = profile.avatar ? fileUrl('users', profile.id, profile.avatar, '100x100') : '';
  const src = queued ?? server;
  const label = profile.username || profile.name;

  async function save(blob: Blob) {
    setPicked(null);
    try {
      await updateProfile({ avatar: blob });
      setMessage(online ? t.avatarSaved : `${t.avatarSaved} ${t.avatarOffline}`);
    } catch (err) {
      setMessage(err instanceof InvalidInputError ? err.message : t.avatarFailed);
    }
    input.current?.focus();
  }

  return (
    <div className={styles.avatarRow}>
      {src && src !== failedSrc ? (
        <img
          className={styles.avatar}
          src={src}
          alt={t.avatarAlt(label)}
          width={88}
          height={88}
          onError={() => setFailedSrc(src)}
          data-testid="edit-avatar"
        />
      ) : (
        <span
          className={`${styles.avatar} ${styles.avatarDefault}`}
          role="img"
          aria-label={t.avatarNone}
        >
          <UserIcon size={40} />
        </span>
      )}
      <div className={styles.avatarSide}>
        <label className={styles.pick}>
          {t.avatarPick}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="visually-hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (file.size > AVATAR_PICK_MAX || !/^image\/(png|jpeg|webp|gif)$/.test(file.type)) {
                setMessage(t.avatarTooBig);
                return;
              }
              setMessage('');
              setPicked(file);
            }}
            data-testid="edit-avatar-input"
          />
        </label>
        {!online ? <p className={styles.hint}>{t.avatarOffline}</p> : null}
        {message ? (
          <p className={styles.hint} role="status" data-testid="edit-avatar-message">
            {message}
          </p>
        ) : null}
      </div>
      {picked ? (
        <Suspense fallback={null}>
          <AvatarCropper
            file={picked}
            onApply={(b) => void save(b)}
            onCancel={() => {
              setPicked(null);
              input.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
