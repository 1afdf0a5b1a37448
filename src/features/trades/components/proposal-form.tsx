import { useId, useMemo, useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { PhotosField } from '@/components/ui/photos-field';
import { usePhotoPicks } from '@/components/hooks/use-photo-picks';
import {
  checkTradePhoto,
  TRADE_PHOTO_TYPES,
  TRADE_PHOTOS_MAX,
  TRADE_PHOTOS_TOO_MANY,
} from '@/domains/trades/photos';
import { useFanTrust } from '@/domains/trades/hooks';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { checkProposal, TRADE_CARDS_MAX, TRADE_MESSAGE_MAX_LENGTH } from '@/domains/trades/rules';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { useCardMap } from '@/features/trades/hooks/use-card-map';
import { markedFirst, togglePick } from '@/features/trades/pick';
import { writeErrorMessage } from '@/features/trades/write-errors';
import { koTradePhotos } from '@/features/trades/ko-photos';
import { CardPicker } from './card-picker';
import ui from '@/components/ui/panels.module.css';
import styles from './proposal-form.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const t = koTradeScreens.proposal;

export interface ProposalDraft {
  give: string[];
  get: string[];
  message: string;
  /** Photos of the real card and its packing (a new proposal or counter-proposal only). */
  photos?: readonly File[];
}

export interface ProposalFormProps {
  /** The fan the proposal is with (their public lists are offered on the get side). */
  other: string;
  initial: ProposalDraft;
  submitLabel: string;
  /** Writes the proposal; a refusal it throws is shown under the form. */
  onSubmit: (draft: ProposalDraft) => Promise<void>;
  /** What to say when the write fails for another reason. */
  failure: string;
  onCancel?: () => void;
  /** Offers up to 3 photos (a new proposal: they can't be changed after, so not on an edit). */
  withPhotos?: boolean;
}

/**
 * The cards I give (my have list, or any card found), the cards I get (the other fan's public have
 * list, or any card found), up to 20 a side and none on both, and a message of up to 300
 * characters (docs/trades.md, `trades`), and when proposing, up to 3 photos of the real card and
 * its packing. Used to propose, counter and edit.
 */
export function ProposalForm({
  other,
  initial,
  submitLabel,
  onSubmit,
  failure,
  onCancel,
  withPhotos = false,
}: ProposalFormProps) {
  const [give, setGive] = useState(initial.give);
  const [get, setGet] = useState(initial.get);
  const [message, setMessage] = useState(initial.message);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const photos = usePhotoPicks({
    max: TRADE_PHOTOS_MAX,
    check: checkTradePhoto,
    tooMany: TRADE_PHOTOS_TOO_MANY,
  });
  const messageId = useId();
  const online = useAtomValue(syncStatusAtom).online;
  const lists = useTradeLists();
  const trust = useFanTrust(other);

  const myHave = useMemo(() => lists?.have.map((i) => i.photoCard), [lists]);
  const myWant = useMemo(() => new Set(lists?.want.map((i) => i.photoCard)), [lists]);
  const theirWant = useMemo(() => new Set(trust?.want), [trust]);
  const giveOptions = useMemo(() => myHave && markedFirst(myHave, theirWant), [myHave, theirWant]);
  const getOptions = useMemo(() => trust && markedFirst(trust.have, myWant), [trust, myWant]);
  const cards = useCardMap(
    useMemo(
      () => [...give, ...get, ...(giveOptions ?? []), ...(getOptions ?? [])],
      [give, get, giveOptions, getOptions],
    ),
  );

  const over = charCount(message) > TRADE_MESSAGE_MAX_LENGTH;
  const empty = !give.length && !get.length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || over) return;
    const problem = checkProposal(give, get, message);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        give,
        get,
        message: message.trim(),
        ...(withPhotos && photos.photos.length ? { photos: photos.photos } : {}),
      });
    } catch (err) {
      setError(writeErrorMessage(err, failure));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (side: 'give' | 'get') => (id: string) => {
    setError(null);
    if (side === 'give') setGive((g) => togglePick(g, id, get, TRADE_CARDS_MAX));
    else setGet((g) => togglePick(g, id, give, TRADE_CARDS_MAX));
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="proposal-form"
    >
      <div className={styles.sides}>
        <CardPicker
          side="give"
          title={t.giveTitle}
          picked={give}
          otherPicked={get}
          max={TRADE_CARDS_MAX}
          cards={cards}
          suggestions={{
            title: t.myHave,
            ids: giveOptions,
            note: t.myHaveEmpty,
            marked: theirWant,
            markLabel: t.theyWant,
          }}
          onToggle={toggle('give')}
        />
        <CardPicker
          side="get"
          title={t.getTitle}
          picked={get}
          otherPicked={give}
          max={TRADE_CARDS_MAX}
          cards={cards}
          suggestions={{
            title: t.theirHave,
            ids: getOptions,
            note: trust ? t.theirHaveEmpty : online ? t.theirHaveLoading : t.theirHaveOffline,
            marked: myWant,
            markLabel: t.iWant,
          }}
          onToggle={toggle('get')}
        />
      </div>
      <div className={ui.panel}>
        <CountedTextField
          id={messageId}
          label={t.messageLabel}
          value={message}
          onChange={(value) => {
            setMessage(value);
            setError(null);
          }}
          max={TRADE_MESSAGE_MAX_LENGTH}
          overMessage={tradesKo.rules.tradeMessageTooLong(TRADE_MESSAGE_MAX_LENGTH)}
          counterLabel={t.counterLabel}
          error={null}
          placeholder={t.messagePlaceholder}
          testId="proposal-message"
        />
        {withPhotos ? (
          <PhotosField
            photos={photos.photos}
            error={photos.error}
            onAdd={(files) => void photos.add(files)}
            onRemove={photos.remove}
            max={TRADE_PHOTOS_MAX}
            accept={TRADE_PHOTO_TYPES}
            text={koTradePhotos.field}
            testId="proposal"
          />
        ) : null}
        {error ? (
          <p className={ui.error} role="alert" data-testid="proposal-error">
            {error}
          </p>
        ) : null}
        <div className={`${ui.actions} ${ui.end}`}>
          {onCancel ? (
            <button type="button" className={ui.button} onClick={onCancel}>
              {t.cancel}
            </button>
          ) : null}
          <button
            type="submit"
            className={`${ui.button} ${ui.primary}`}
            disabled={busy || over || empty}
            data-testid="proposal-submit"
          >
            {busy ? t.submitting : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
