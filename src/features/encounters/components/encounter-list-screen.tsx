import { Link, useNavigate } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { useConfirm } from '@/components/hooks/use-confirm';
import { nicknameOf, usePublicProfiles } from '@/domains/accounts/hooks';
import { useEncounters, type Encounter } from '@/domains/encounters/hooks';
import { useMeetUps } from '@/domains/meetups/hooks';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { loadRepos } from '@/domains/tables/lazy';
import { koEncounterScreens } from '@/i18n/ko-encounter-screens';
import { relativeTime } from '@/lib/relative-time';
import { EncounterSide, useEncounterCardMap } from '@/components/encounters/encounter-cards';
import { encounterErrorMessage } from '@/components/encounters/encounter-errors';
import ui from '@/components/ui/panels.module.css';
import styles from '@/components/encounters/encounter-ui.module.css';

const t = koEncounterScreens.screen;

const TIME = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** A stored time stamp ('2026-11-27 04:00:00.000Z') as the fan's local date and time. */
function metAtLabel(stamp: string): string {
  const ms = Date.parse(stamp.replace(' ', 'T'));
  return Number.isNaN(ms) ? '' : `${TIME.format(ms)} · ${relativeTime(ms)}`;
}

/**
 * /encounters, 만난 팬 (docs/encounters.md): the fans I saved after scanning their trade code,
 * newest first, each with when and where we met, the cards each way, my note (editable), and the
 * ways on: 교환 제안 with those cards, 채팅, or delete. Everything reads and writes the local
 * store, so it works offline; changes go out through the outbox.
 */
export function EncounterListScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={ui.screen} data-testid="encounters-screen">
      <ScreenTitle title={t.title} back />
      {loggedIn ? <List /> : <LoggedOut />}
    </section>
  );
}

function LoggedOut() {
  return (
    <LoginNotice
      title={t.loggedOutTitle}
      body={t.loginRequired}
      link={t.loginLink}
      testId="encounters-logged-out"
    />
  );
}

function List() {
  const encounters = useEncounters();
  const meetUps = useMeetUps();
  const events = useMemo(
    () => new Map((meetUps ?? []).map((m) => [m.id, m.eventTitle])),
    [meetUps],
  );
  const cards = useEncounterCardMap(
    useMemo(() => (encounters ?? []).flatMap((e) => [...e.theyHave, ...e.theyWant]), [encounters]),
  );
  // the fan's nickname now, as everywhere else; the one stored when they met (the server's copy
  // of it, never the code's) while their profile is not on this device
  const profiles = usePublicProfiles(
    useMemo(() => (encounters ?? []).map((e) => e.fan), [encounters]),
  );
  if (encounters === undefined) {
    return (
      <p className={ui.status} role="status">
        {t.loading}
      </p>
    );
  }
  if (!encounters.length) {
    return (
      <p className={ui.status} data-testid="encounters-empty">
        {t.empty}
      </p>
    );
  }
  return (
    <>
      <p className={styles.meta} aria-live="polite" data-testid="encounters-count">
        {t.count(encounters.length)}
      </p>
      <ul className={styles.list}>
        {encounters.map((e) => (
          <EncounterRow
            key={e.id}
            encounter={e}
            name={profiles?.has(e.fan) ? nicknameOf(profiles.get(e.fan)) : e.fanName}
            event={e.meetup ? events.get(e.meetup) : undefined}
            cards={cards}
          />
        ))}
      </ul>
    </>
  );
}

function EncounterRow({
  encounter: e,
  name,
  event,
  cards,
}: {
  encounter: Encounter;
  name: string;
  event: string | undefined;
  cards: ReturnType<typeof useEncounterCardMap>;
}) {
  const ids = useId();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState(e.note);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const noteInput = useRef<HTMLTextAreaElement>(null);

  // 메모 수정 moves the focus into the note, so a keyboard user types at once
  useEffect(() => {
    if (editing) noteInput.current?.focus();
  }, [editing]);

  async function run(write: () => Promise<void>, fallback: string) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await write();
    } catch (err) {
      setError(encounterErrorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  }

  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await (await loadRepos()).setEncounterNote(e.id, note);
      setEditing(false);
      toast.success(t.noteSaved);
    }, t.noteFailed);
  };

  const remove = () =>
    void run(async () => {
      const ok = await confirm({
        message: t.removeConfirm(name),
        confirmLabel: t.remove,
        destructive: true,
      });
      if (!ok) return;
      await (await loadRepos()).deleteEncounter(e.id);
      toast.success(t.removed);
    }, t.removeFailed);

  const chat = () =>
    void run(async () => {
      const id = await (await loadRepos()).openConversation(e.fan);
      await navigate({ to: '/chatting/$id', params: { id } });
    }, t.chatFailed);

  const search = {
    to: e.fan,
    ...(e.theyWant.length ? { give: e.theyWant.join(',') } : {}),
    ...(e.theyHave.length ? { get: e.theyHave.join(',') } : {}),
  };

  return (
    <li
      className={ui.panel}
      aria-labelledby={`${ids}-name`}
      data-testid="encounter-row"
      data-encounter-id={e.id}
    >
      <h2 id={`${ids}-name`} className={ui.panelTitle}>
        {name}
      </h2>
      <p className={styles.meta}>
        <span className="visually-hidden">{t.metAt} </span>
        <time dateTime={e.metAt.replace(' ', 'T')}>{metAtLabel(e.metAt)}</time>
        {event ? <span data-testid="encounter-event-name"> · {t.at(event)}</span> : null}
      </p>
      <EncounterSide
        title={t.theyHave}
        ids={e.theyHave}
        cards={cards}
        empty={t.none}
        testId="encounter-row-they-have"
      />
      <EncounterSide
        title={t.theyWant}
        ids={e.theyWant}
        cards={cards}
        empty={t.none}
        testId="encounter-row-they-want"
      />
      {editing ? (
        <form className={styles.form} onSubmit={saveNote}>
          <label className={styles.field}>
            {t.note}
            <textarea
              ref={noteInput}
              className={styles.textarea}
              rows={2}
              value={note}
              placeholder={t.notePlaceholder}
              onChange={(ev) => setNote(ev.target.value)}
              data-testid="encounter-note-input"
            />
          </label>
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
              {t.saveNote}
            </button>
            <button
              type="button"
              className={ui.button}
              onClick={() => {
                setEditing(false);
                setNote(e.note);
                setError(null);
              }}
            >
              {koEncounterScreens.panel.cancel}
            </button>
          </div>
        </form>
      ) : e.note ? (
        <p data-testid="encounter-note">
          <span className={ui.subTitle}>{t.note} </span>
          {e.note}
        </p>
      ) : null}
      {error ? (
        <p className={ui.error} role="alert" data-testid="encounter-row-error">
          {error}
        </p>
      ) : null}
      <div className={ui.actions}>
        <Link
          to="/trades/new"
          search={search}
          className={`${ui.button} ${ui.primary}`}
          data-testid="encounter-propose"
        >
          {t.propose}
        </Link>
        <button type="button" className={ui.button} onClick={chat} disabled={busy}>
          {t.chat}
        </button>
        {editing ? null : (
          <button
            type="button"
            className={ui.button}
            onClick={() => {
              setNote(e.note);
              setEditing(true);
            }}
          >
            {t.editNote}
          </button>
        )}
        <button
          type="button"
          className={`${ui.button} ${ui.danger}`}
          onClick={remove}
          disabled={busy}
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
}
