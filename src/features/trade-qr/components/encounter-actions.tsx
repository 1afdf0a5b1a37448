import { useId, useMemo, useState, type FormEvent } from 'react';
import { useMeetUps } from '@/domains/meetups/hooks';
import { toast } from '@/components/ui/toast';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { InvalidInputError, loadRepos } from '@/domains/tables/lazy';
import { checkMessage } from '@/domains/trades/rules';
import { dayOf, localToday } from '@/lib/meetup-dates';
import { koEncounterScreens } from '@/i18n/ko-encounter-screens';
import type { ScanMatch } from '@/features/trade-qr/match';
import {
  EncounterCardThumb,
  EncounterSide,
  useEncounterCardMap,
} from '@/components/encounters/encounter-cards';
import { encounterErrorMessage } from '@/components/encounters/encounter-errors';
import ui from '@/components/ui/panels.module.css';
import styles from '@/components/encounters/encounter-ui.module.css';

const t = koEncounterScreens.panel;

/** Cards preselected on each side of a proposal (the server takes at most 20 a side). */
const PRESELECT_MAX = 20;

export interface EncounterActionsProps {
  match: ScanMatch;
  /** The event the scan screen was opened from, if any (preselected in the picker). */
  meetup?: string;
  /** Whether to list the cards each way; the scan screen shows them just above, larger. */
  showCards?: boolean;
}

type Open = 'none' | 'propose' | 'message';

/**
 * What fan2 can do after scanning fan1's trade code (docs/encounters.md, After a scan): save the
 * encounter (만난 팬 저장, with an optional event of today), queue a proposal with the match's cards
 * preselected, or queue a message. Every write goes through the outbox, so all of it works with no
 * signal and is sent once when the network returns; a refusal shows its Korean rule here. The
 * picks start from `match`: render it with `key={match.fan.id}` so a new scan starts afresh.
 */
export function EncounterActions({ match, meetup, showCards = true }: EncounterActionsProps) {
  const online = useAtomValue(syncStatusAtom).online;
  const [event, setEvent] = useState(meetup ?? '');
  const [savedId, setSavedId] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>('none');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [give, setGive] = useState(() => match.theyWant.slice(0, PRESELECT_MAX));
  const [get, setGet] = useState(() => match.theyHave.slice(0, PRESELECT_MAX));
  const [proposalMessage, setProposalMessage] = useState('');
  const [text, setText] = useState('');
  const ids = useId();
  const cards = useEncounterCardMap(useMemo(() => [...match.theyHave, ...match.theyWant], [match]));
  const todays = useTodaysMeetUps(meetup);

  async function run(write: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await write();
    } catch (err) {
      setError(encounterErrorMessage(err, t.failed));
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    run(async () => {
      const id = await (
        await loadRepos()
      ).saveEncounter({
        fan: match.fan.id,
        fanName: match.fan.name,
        theyHave: match.theyHave,
        theyWant: match.theyWant,
        ...(event ? { meetup: event } : {}),
      });
      setSavedId(id);
      toast.success(t.savedToast);
    });

  const propose = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await (
        await loadRepos()
      ).proposeTrade({ to: match.fan.id, give, get, message: proposalMessage });
      toast.success(online ? t.sentProposal : t.queuedProposal);
      setOpen('none');
      setProposalMessage('');
    });
  };

  const send = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      // the text's rules first: an empty message must not open a conversation
      const problem = checkMessage(text);
      if (problem) throw new InvalidInputError(problem);
      const repos = await loadRepos();
      const conversation = await repos.openConversation(match.fan.id);
      await repos.sendMessage(conversation, text);
      toast.success(online ? t.sentMessage : t.queuedMessage);
      setOpen('none');
      setText('');
    });
  };

  const toggle = (list: string[], set: (next: string[]) => void, id: string) =>
    set(list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  const openForm = (which: Open) => {
    setError(null);
    setOpen(open === which ? 'none' : which);
  };

  return (
    <section className={ui.panel} aria-labelledby={`${ids}-title`} data-testid="encounter-actions">
      <h2 id={`${ids}-title`} className={ui.panelTitle}>
        {t.title(match.fan.name)}
      </h2>
      {showCards ? (
        <>
          <EncounterSide
            title={t.theyHave}
            ids={match.theyHave}
            cards={cards}
            empty={t.noCards}
            testId="encounter-they-have"
          />
          <EncounterSide
            title={t.theyWant}
            ids={match.theyWant}
            cards={cards}
            empty={t.noCards}
            testId="encounter-they-want"
          />
        </>
      ) : null}
      {todays.length ? (
        <label className={styles.field}>
          {t.event}
          <select
            className={styles.select}
            value={event}
            onChange={(e) => setEvent(e.target.value)}
            disabled={savedId !== null}
            data-testid="encounter-event"
          >
            <option value="">{t.noEvent}</option>
            {todays.map((m) => (
              <option key={m.id} value={m.id}>
                {m.eventTitle}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div className={ui.actions}>
        {savedId ? (
          <span className={styles.saved} role="status" data-testid="encounter-saved">
            {t.saved}
          </span>
        ) : (
          <button
            type="button"
            className={`${ui.button} ${ui.primary}`}
            onClick={() => void save()}
            disabled={busy}
          >
            {t.save}
          </button>
        )}
        <button
          type="button"
          className={ui.button}
          aria-expanded={open === 'propose'}
          onClick={() => openForm('propose')}
        >
          {t.propose}
        </button>
        <button
          type="button"
          className={ui.button}
          aria-expanded={open === 'message'}
          onClick={() => openForm('message')}
        >
          {t.message}
        </button>
      </div>
      {error ? (
        <p className={ui.error} role="alert" data-testid="encounter-error">
          {error}
        </p>
      ) : null}
      {open === 'propose' ? (
        <form className={styles.form} onSubmit={propose} data-testid="encounter-proposal">
          <CardPicks
            legend={t.give}
            ids={match.theyWant}
            picked={give}
            cards={cards}
            onToggle={(id) => toggle(give, setGive, id)}
          />
          <CardPicks
            legend={t.get}
            ids={match.theyHave}
            picked={get}
            cards={cards}
            onToggle={(id) => toggle(get, setGet, id)}
          />
          <label className={styles.field}>
            {t.proposalMessage}
            <textarea
              className={styles.textarea}
              rows={2}
              value={proposalMessage}
              onChange={(e) => setProposalMessage(e.target.value)}
            />
          </label>
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
              {t.send}
            </button>
            <button type="button" className={ui.button} onClick={() => setOpen('none')}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : null}
      {open === 'message' ? (
        <form className={styles.form} onSubmit={send} data-testid="encounter-message">
          <label className={styles.field}>
            {t.messageText}
            <textarea
              className={styles.textarea}
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
          <div className={ui.actions}>
            <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
              {t.send}
            </button>
            <button type="button" className={ui.button} onClick={() => setOpen('none')}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** Checkboxes over one side's cards (the tile's image names the card). */
function CardPicks({
  legend,
  ids,
  picked,
  cards,
  onToggle,
}: {
  legend: string;
  ids: readonly string[];
  picked: readonly string[];
  cards: ReturnType<typeof useEncounterCardMap>;
  onToggle: (id: string) => void;
}) {
  return (
    <fieldset className={styles.picks}>
      <legend className={ui.subTitle}>{legend}</legend>
      {ids.length ? (
        <ul className={styles.cards}>
          {ids.map((id) => (
            <li key={id} className={styles.card}>
              <label className={styles.pick}>
                <input
                  type="checkbox"
                  checked={picked.includes(id)}
                  onChange={() => onToggle(id)}
                  data-card-id={id}
                />
                <EncounterCardThumb card={cards?.get(id)} />
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.meta}>{koEncounterScreens.panel.noCards}</p>
      )}
    </fieldset>
  );
}

/** Today's events (running today by their days) plus `keep`, the one passed in, if any. */
function useTodaysMeetUps(keep: string | undefined) {
  const all = useMeetUps();
  return useMemo(() => {
    const today = localToday();
    return (all ?? []).filter((m) => {
      if (m.id === keep) return true;
      const start = dayOf(m.startDate) || dayOf(m.date);
      const end = dayOf(m.endDate) || start;
      return start !== '' && start <= today && today <= end;
    });
  }, [all, keep]);
}
