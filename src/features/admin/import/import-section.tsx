/**
 * 가져오기 in the console (docs/operators.md, Bulk import: The file, From the console): the CSV
 * and its images chosen here, checked against the route's bounds before anything is sent (the
 * CSV at most 1 MB, the request at most 100 MB, at most 998 images), then sent to
 * POST /api/pocamarket/admin/catalogue-import as 미리 확인 (a dry run: checked, nothing written)
 * or 가져오기, with the upload's progress. The server's report follows: the counts, the groups
 * made, the bad rows by line with their Korean reasons, and the cards written, each linked to its
 * page. A file the server refuses whole (a bad header, not UTF-8) shows its Korean message at the
 * CSV field. Larger catalogues go through `npm run catalogue:import` (From the command line).
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ClientResponseError } from 'pocketbase';
import { ProgressBar } from '@/components/ui/progress-bar';
import { toast } from '@/components/ui/toast';
import { refusalOf } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import shared from '@/features/admin/components/admin.module.css';
import {
  bytesOf,
  CSV_MAX_BYTES,
  IMAGES_MAX,
  importCatalogue,
  REQUEST_MAX_BYTES,
  type BadRow,
  type ImportReport,
  type MergedRow,
  type WrittenCard,
} from './api';
import { koImport } from './ko';
import styles from './import.module.css';

const t = koImport;

interface Problems {
  csv?: string;
  images?: string;
  /** About neither field (a rate limit, the network). */
  form?: string;
}

interface Sending {
  dryRun: boolean;
  sent: number;
  total: number;
}

/** What the chosen files break of the route's bounds, before anything is sent. */
function problemsOf(csv: File | null, images: readonly File[], needCsv: boolean): Problems {
  const out: Problems = {};
  if (!csv) {
    if (needCsv) out.csv = t.noCsv;
  } else if (csv.size > CSV_MAX_BYTES) {
    out.csv = t.csvTooBig(csv.size);
  }
  const total = bytesOf(csv, images);
  if (images.length > IMAGES_MAX) out.images = t.tooManyImages(IMAGES_MAX);
  else if (total > REQUEST_MAX_BYTES) out.images = t.totalTooBig(total);
  return out;
}

const hasProblem = (p: Problems) => !!(p.csv || p.images || p.form);

/** A refused request as the form shows it: at the CSV when it is about the file. */
function problemsOfRefusal(err: unknown): Problems {
  if (err instanceof ClientResponseError && err.status === 413) return { images: t.requestTooBig };
  if (err instanceof ClientResponseError && err.status === 429) return { form: t.tooMany };
  const refusal = refusalOf(err, koAdmin.failed);
  if (refusal.fields['csv']) return { csv: refusal.fields['csv'] };
  return { form: refusal.message };
}

export function ImportSection() {
  const [csv, setCsv] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState<Sending | null>(null);
  const [report, setReport] = useState<{ run: number; report: ImportReport } | null>(null);
  // each report is drawn afresh (its lists start short again)
  const runs = useRef(0);

  function chooseCsv(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0] ?? null;
    setCsv(file);
    setReport(null);
    setProblems(problemsOf(file, images, false));
  }

  function chooseImages(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    setImages(files);
    setReport(null);
    setProblems(problemsOf(csv, files, false));
  }

  async function run(dryRun: boolean) {
    const found = problemsOf(csv, images, true);
    setProblems(found);
    if (!csv || hasProblem(found)) return;
    setReport(null);
    setSending({ dryRun, sent: 0, total: bytesOf(csv, images) });
    try {
      const answer = await importCatalogue(csv, images, dryRun, (sent, total) =>
        setSending({ dryRun, sent, total }),
      );
      runs.current += 1;
      setReport({ run: runs.current, report: answer });
      if (!dryRun) toast.success(t.doneToast);
    } catch (err) {
      setProblems(problemsOfRefusal(err));
    } finally {
      setSending(null);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(true);
  }

  const busy = sending !== null;
  const percent =
    sending && sending.total > 0 ? Math.floor((sending.sent / sending.total) * 100) : 0;
  const uploaded = sending !== null && sending.total > 0 && sending.sent >= sending.total;
  let status = '';
  if (sending) {
    if (uploaded) status = sending.dryRun ? t.checkingDry : t.checking;
    // in tens, so a screen reader is not told every percent
    else status = t.sending(Math.floor(percent / 10) * 10);
  } else if (report) {
    const r = report.report;
    status = t.summary({ ...r, bad: r.bad.length });
  }

  return (
    <div className={shared.sectionBody}>
      <p className={shared.intro}>{t.intro}</p>
      <form
        className={panels.panel}
        aria-labelledby="import-form-title"
        aria-busy={busy}
        onSubmit={submit}
        noValidate
        data-testid="import-form"
      >
        <h3 id="import-form-title" className={panels.panelTitle}>
          {t.formTitle}
        </h3>
        <p className={styles.note}>{t.columns}</p>
        <FileField
          id="import-csv"
          label={t.csvLabel}
          hint={t.csvHint}
          accept=".csv,text/csv"
          multiple={false}
          error={problems.csv}
          disabled={busy}
          onChange={chooseCsv}
        />
        <FileField
          id="import-images"
          label={t.imagesLabel}
          hint={
            images.length > 0
              ? `${t.imagesHint} · ${t.chosen(images.length, bytesOf(null, images))}`
              : t.imagesHint
          }
          accept="image/png,image/jpeg,image/webp,image/gif"
          multiple
          error={problems.images}
          disabled={busy}
          onChange={chooseImages}
        />
        {problems.form ? (
          <p className={panels.error} role="alert" data-testid="import-form-error">
            {problems.form}
          </p>
        ) : null}
        <div className={panels.actions}>
          <button
            type="submit"
            className={`${panels.button} ${panels.outline}`}
            disabled={busy}
            data-testid="import-dry-run"
          >
            {t.dryRun}
          </button>
          <button
            type="button"
            className={`${panels.button} ${panels.primary}`}
            disabled={busy}
            onClick={() => void run(false)}
            data-testid="import-run"
          >
            {t.run}
          </button>
        </div>
        {sending ? (
          <ProgressBar
            value={uploaded ? 1 : sending.sent}
            max={uploaded ? 1 : Math.max(sending.total, 1)}
            label={t.sendingLabel}
            valueText={`${percent}%`}
            testId="import-progress"
          />
        ) : null}
        <p className={styles.status} role="status" data-testid="import-status">
          {status}
        </p>
        <p className={styles.note}>{t.cli}</p>
      </form>

      {report ? <Report key={report.run} report={report.report} /> : null}
    </div>
  );
}

function FileField({
  id,
  label,
  hint,
  accept,
  multiple,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  accept: string;
  multiple: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className={shared.field}>
      <label htmlFor={id} className={shared.label}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        className={styles.file}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        data-testid={id}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p
          id={`${id}-error`}
          className={shared.fieldError}
          role="alert"
          data-testid={`${id}-error`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Rows shown at first, and added by each 더 보기. */
const STEP = 100;

function Report({ report: r }: { report: ImportReport }) {
  const titleId = useId();
  const counts = [
    ['rows', r.rows],
    ['created', r.created],
    ['updated', r.updated],
    ['unchanged', r.unchanged],
    ['bad', r.bad.length],
  ] as const;
  return (
    <section
      className={panels.panel}
      aria-labelledby={titleId}
      data-testid="import-report"
      data-dry-run={r.dryRun ? 'true' : 'false'}
    >
      <h3 id={titleId} className={panels.panelTitle}>
        {r.dryRun ? t.reportDry : t.reportRun}
      </h3>
      {r.dryRun ? (
        <p className={panels.note} data-testid="import-dry-note">
          {t.dryNote}
        </p>
      ) : null}
      <dl className={styles.counts}>
        {counts.map(([name, value]) => (
          <div
            key={name}
            className={`${styles.count} ${name === 'bad' && value > 0 ? styles.countBad : ''}`}
            data-testid="import-count"
            data-count={name}
            data-value={value}
          >
            <dt>{t.counts[name]}</dt>
            <dd>{value.toLocaleString('ko-KR')}</dd>
          </div>
        ))}
      </dl>
      {r.groupsCreated.length > 0 ? (
        <p className={styles.groups} data-testid="import-groups">
          <strong>{r.dryRun ? t.groupsDry : t.groupsRun}</strong> {r.groupsCreated.join(', ')}
        </p>
      ) : null}
      {r.bad.length > 0 ? <BadRows rows={r.bad} /> : null}
      {r.cards.length > 0 ? <Cards cards={r.cards} dryRun={r.dryRun} /> : null}
      {r.merged.length > 0 ? <MergedRows rows={r.merged} /> : null}
    </section>
  );
}

function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className={styles.more}>
      <p className={shared.meta}>{t.shown(shown, total)}</p>
      <button type="button" className={panels.button} onClick={onMore}>
        {t.more}
      </button>
    </div>
  );
}

function BadRows({ rows }: { rows: BadRow[] }) {
  const [limit, setLimit] = useState(STEP);
  const shown = rows.slice(0, limit);
  return (
    <div className={styles.block}>
      <table className={styles.table} data-testid="import-bad">
        <caption className={styles.caption}>{t.badTitle(rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.lineCol}>
              {t.line}
            </th>
            <th scope="col" className={styles.keyCol}>
              {t.key}
            </th>
            <th scope="col">{t.reasons}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={`${row.line}-${row.key}`} data-testid="import-bad-row" data-line={row.line}>
              <td className={styles.num}>{row.line}</td>
              <td className={styles.key}>{row.key}</td>
              <td>
                {row.reasons.length === 1 ? (
                  row.reasons[0]
                ) : (
                  <ul className={styles.reasons}>
                    {row.reasons.map((reason, i) => (
                      <li key={i}>{reason}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={shared.meta}>{t.badNote}</p>
      <ShowMore shown={shown.length} total={rows.length} onMore={() => setLimit(limit + STEP)} />
    </div>
  );
}

function Cards({ cards, dryRun }: { cards: WrittenCard[]; dryRun: boolean }) {
  const [limit, setLimit] = useState(STEP);
  const shown = cards.slice(0, limit);
  return (
    <div className={styles.block}>
      <table className={styles.table} data-testid="import-cards">
        <caption className={styles.caption}>
          {dryRun ? t.cardsDry(cards.length) : t.cardsRun(cards.length)}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.lineCol}>
              {t.line}
            </th>
            <th scope="col">{t.key}</th>
            <th scope="col" className={styles.actionCol}>
              {t.action}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((card) => (
            <tr
              key={`${card.line}-${card.key}`}
              data-testid="import-card-row"
              data-line={card.line}
              data-action={card.action}
            >
              <td className={styles.num}>{card.line}</td>
              <td className={styles.key}>
                {card.id ? (
                  <Link
                    to="/exchangeDetail/$id"
                    params={{ id: card.id }}
                    className={styles.link}
                    data-testid="import-card-link"
                  >
                    {card.key}
                  </Link>
                ) : (
                  card.key
                )}
              </td>
              <td>{t.actions[card.action] ?? card.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore shown={shown.length} total={cards.length} onMore={() => setLimit(limit + STEP)} />
    </div>
  );
}

function MergedRows({ rows }: { rows: MergedRow[] }) {
  const [limit, setLimit] = useState(STEP);
  const shown = rows.slice(0, limit);
  return (
    <div className={styles.block}>
      <table className={styles.table} data-testid="import-merged">
        <caption className={styles.caption}>{t.mergedTitle(rows.length)}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.lineCol}>
              {t.line}
            </th>
            <th scope="col">{t.key}</th>
            <th scope="col">{t.into}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={`${row.line}-${row.key}`} data-testid="import-merged-row" data-line={row.line}>
              <td className={styles.num}>{row.line}</td>
              <td className={styles.key}>{row.key}</td>
              <td className={styles.key}>
                {row.into ? (
                  <Link to="/exchangeDetail/$id" params={{ id: row.into }} className={styles.link}>
                    {row.into}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={shared.meta}>{t.mergedNote}</p>
      <ShowMore shown={shown.length} total={rows.length} onMore={() => setLimit(limit + STEP)} />
    </div>
  );
}
