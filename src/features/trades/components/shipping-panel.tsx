import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useConfirm } from '@/components/hooks/use-confirm';
import { copyText } from '@/components/ui/copy-text';
import { toast } from '@/components/ui/toast';
import { usePublicProfile } from '@/domains/accounts/hooks';
import type { TradeSummary } from '@/domains/trades/hooks';
import type { ShippingDetails } from '@/domains/trades/writes';
import { tradesKo } from '@/domains/trades/ko.ts';
import { ADDRESS_MAX_LENGTH, checkShipping } from '@/domains/trades/rules';
import { CARRIERS, SHIP_METHODS, type Carrier, type ShipMethod } from '@/data/pb/records';
import { loadRepos } from '@/domains/tables/lazy';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { writeErrorMessage } from '@/features/trades/write-errors';
import { fanName } from './fan-header';
import ui from '@/components/ui/panels.module.css';
import styles from './shipping-panel.module.css';

const t = koTradeScreens.shipping;

type Side = 'proposer' | 'receiver';

/** One side's shipping details as the trade holds them (docs/trades.md, Shipping). */
function sideOf(summary: TradeSummary, side: Side) {
  const trade = summary.trade;
  return {
    ship: (trade[`${side}Ship`] ?? '') as ShipMethod | '',
    address: trade[`${side}Address`] ?? '',
    carrier: (trade[`${side}Carrier`] ?? '') as Carrier | '',
    tracking: trade[`${side}Tracking`] ?? '',
    received: !!trade[`${side}Received`],
  };
}

/**
 * The shipping step of an accepted trade: how each side sends, where each wants the cards (shown
 * to the other side only), the parcel each sent, and 받았어요, which comes before 완료. A safety
 * note stands where an address is about to be shared. Once the trade is completed the panel
 * shows what was sent, read only, while the addresses last.
 */
export function ShippingPanel({ summary }: { summary: TradeSummary }) {
  const { side, other } = summary;
  const theirSide: Side = side === 'proposer' ? 'receiver' : 'proposer';
  const mine = sideOf(summary, side);
  const theirs = sideOf(summary, theirSide);
  const name = fanName(usePublicProfile(other));
  const open = summary.trade.status === 'accepted';
  const [error, setError] = useState<string | null>(null);

  async function save(details: ShippingDetails, done: string) {
    setError(null);
    try {
      const changed = await (await loadRepos()).setTradeShipping(summary.trade.id, details);
      if (changed) toast.success(done);
      return true;
    } catch (err) {
      setError(writeErrorMessage(err, tradesKo.failures.tradeShipping));
      return false;
    }
  }

  return (
    <section className={ui.panel} aria-labelledby="shipping-title" data-testid="trade-shipping">
      <h2 id="shipping-title" className={ui.panelTitle}>
        {t.title}
      </h2>
      {open ? (
        <p className={styles.safety} data-testid="shipping-safety">
          {t.safety}{' '}
          <Link to="/safety" className={styles.guide}>
            {t.guide}
          </Link>
        </p>
      ) : null}

      <div className={styles.grid}>
        <div className={styles.column}>
          {open ? (
            <ShipPicker value={mine.ship} onPick={(ship) => void save({ ship }, t.saved)} />
          ) : (
            <Fact label={t.myShip} value={mine.ship ? tradesKo.ship[mine.ship] : t.notChosen} />
          )}
          {mine.ship === 'meet' ? <p className={ui.note}>{t.meetNote}</p> : null}
          {open ? (
            <AddressForm
              stored={mine.address}
              onSave={(address) => save({ address }, t.addressSaved)}
            />
          ) : mine.address ? (
            <Fact label={t.myAddress} value={mine.address} multiline />
          ) : null}
          {open ? (
            <TrackingForm
              carrier={mine.carrier}
              tracking={mine.tracking}
              onSave={(carrier, tracking) => save({ carrier, tracking }, t.trackingSaved)}
            />
          ) : (
            <Fact label={t.mySent} value={parcel(mine) ?? t.notSent} />
          )}
        </div>

        <div className={styles.column} data-testid="shipping-theirs">
          <Fact
            label={t.theirShip(name)}
            value={theirs.ship ? tradesKo.ship[theirs.ship] : t.notChosen}
          />
          <div className={styles.fact}>
            <h3 className={ui.subTitle}>{t.theirAddress(name)}</h3>
            {theirs.address ? (
              <>
                <p className={styles.address} data-testid="shipping-their-address">
                  {theirs.address}
                </p>
                <button
                  type="button"
                  className={`${ui.button} ${ui.outline} ${styles.small}`}
                  onClick={() => void copyText(theirs.address, t.copied, t.copyFailed)}
                >
                  {t.copy}
                </button>
              </>
            ) : (
              <p className={styles.muted}>{t.noAddress}</p>
            )}
          </div>
          <Fact
            label={t.theirSent(name)}
            value={parcel(theirs) ?? t.notSent}
            testId="shipping-their-parcel"
          />
          {theirs.received ? <p className={styles.received}>{t.receivedTheirs(name)}</p> : null}
        </div>
      </div>

      {open ? <ReceivedStep summary={summary} received={mine.received} /> : null}
      {error ? (
        <p className={ui.error} role="alert" data-testid="shipping-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** "CJ대한통운 6012…" for a side that sent its parcel, else null. */
function parcel(s: { carrier: Carrier | ''; tracking: string }): string | null {
  if (!s.tracking) return null;
  return `${s.carrier ? tradesKo.carriers[s.carrier] : ''} ${s.tracking}`.trim();
}

function Fact({
  label,
  value,
  multiline,
  testId,
}: {
  label: string;
  value: string;
  multiline?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.fact} data-testid={testId}>
      <h3 className={ui.subTitle}>{label}</h3>
      <p className={multiline ? styles.address : undefined}>{value}</p>
    </div>
  );
}

function ShipPicker({ value, onPick }: { value: string; onPick: (ship: ShipMethod) => void }) {
  const id = useId();
  // the pick shows at once, until the stored value (this write, a pull, another device) changes
  const [local, setLocal] = useState<{ stored: string; pick: string } | null>(null);
  const picked = local && local.stored === value ? local.pick : value;
  return (
    <fieldset className={styles.choices} data-testid="shipping-method">
      <legend className={ui.subTitle}>{t.myShip}</legend>
      {SHIP_METHODS.map((m) => (
        <label key={m} className={styles.choice}>
          <input
            type="radio"
            name={`${id}-ship`}
            value={m}
            checked={picked === m}
            onChange={() => {
              setLocal({ stored: value, pick: m });
              onPick(m);
            }}
          />
          <span>{tradesKo.ship[m]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function AddressForm({
  stored,
  onSave,
}: {
  stored: string;
  onSave: (address: string) => Promise<boolean>;
}) {
  const id = useId();
  const [editing, setEditing] = useState(!stored);
  const [text, setText] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = checkShipping({ address: text });
    if (issue) return setProblem(issue);
    if (!text.trim()) return;
    setBusy(true);
    if (await onSave(text)) setEditing(false);
    setBusy(false);
  }

  if (!editing) {
    return (
      <div className={styles.fact} data-testid="shipping-my-address">
        <h3 className={ui.subTitle}>{t.myAddress}</h3>
        <p className={styles.address}>{stored}</p>
        <button
          type="button"
          className={`${ui.button} ${ui.outline} ${styles.small}`}
          onClick={() => {
            setText(stored);
            setEditing(true);
          }}
        >
          {t.editAddress}
        </button>
      </div>
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-address`} className={ui.subTitle}>
        {t.myAddress}
      </label>
      <p id={`${id}-hint`} className={styles.muted}>
        {t.addressHint}
      </p>
      <textarea
        id={`${id}-address`}
        className={styles.input}
        rows={3}
        maxLength={ADDRESS_MAX_LENGTH + 20}
        value={text}
        placeholder={t.addressPlaceholder}
        aria-describedby={`${id}-hint`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        data-testid="shipping-address"
      />
      {problem ? (
        <p className={ui.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button
          type="submit"
          className={`${ui.button} ${ui.primary}`}
          disabled={busy || !text.trim()}
          data-testid="shipping-address-save"
        >
          {t.saveAddress}
        </button>
      </div>
    </form>
  );
}

function TrackingForm({
  carrier,
  tracking,
  onSave,
}: {
  carrier: Carrier | '';
  tracking: string;
  onSave: (carrier: Carrier, tracking: string) => Promise<boolean>;
}) {
  const id = useId();
  const [pick, setPick] = useState<Carrier | ''>(carrier);
  const [number, setNumber] = useState(tracking);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = checkShipping({ carrier: pick, tracking: number });
    if (issue) return setProblem(issue);
    if (!pick || !number.trim()) return;
    setBusy(true);
    await onSave(pick, number);
    setBusy(false);
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
      <h3 className={ui.subTitle}>{t.mySent}</h3>
      <div className={styles.row}>
        <label className={styles.visuallyHidden} htmlFor={`${id}-carrier`}>
          {t.carrier}
        </label>
        <select
          id={`${id}-carrier`}
          className={styles.input}
          value={pick}
          onChange={(e) => {
            setPick(e.target.value as Carrier | '');
            setProblem(null);
          }}
          data-testid="shipping-carrier"
        >
          <option value="">{t.carrierPick}</option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {tradesKo.carriers[c]}
            </option>
          ))}
        </select>
        <label className={styles.visuallyHidden} htmlFor={`${id}-tracking`}>
          {t.tracking}
        </label>
        <input
          id={`${id}-tracking`}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          value={number}
          placeholder={t.tracking}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setNumber(e.target.value);
            setProblem(null);
          }}
          data-testid="shipping-tracking"
        />
      </div>
      {problem ? (
        <p className={ui.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button
          type="submit"
          className={`${ui.button} ${ui.outline}`}
          disabled={busy || !pick || !number.trim()}
          data-testid="shipping-tracking-save"
        >
          {t.saveTracking}
        </button>
      </div>
    </form>
  );
}

/** 받았어요: the other side's cards arrived (asked first: it cannot be taken back). */
function ReceivedStep({ summary, received }: { summary: TradeSummary; received: boolean }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (received) {
    return (
      <p className={styles.received} data-testid="shipping-received-mine">
        {t.receivedMarked}
      </p>
    );
  }
  async function mark() {
    if (
      !(await confirm({
        message: t.receivedConfirm,
        confirmLabel: t.received,
        cancelLabel: koTradeScreens.detail.keep,
      }))
    ) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (await loadRepos()).markTradeReceived(summary.trade.id);
      toast.success(t.receivedMarked);
    } catch (err) {
      setError(writeErrorMessage(err, tradesKo.failures.tradeReceived));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.step}>
      <p className={styles.muted}>{t.nextStep}</p>
      <div className={ui.actions}>
        <button
          type="button"
          className={`${ui.button} ${ui.primary}`}
          disabled={busy}
          onClick={() => void mark()}
          data-testid="trade-received"
        >
          {t.received}
        </button>
      </div>
      {error ? (
        <p className={ui.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
