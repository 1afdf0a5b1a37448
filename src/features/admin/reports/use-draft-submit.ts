import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { refusalOf, type Refusal } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import { staleness } from './api';
import { koReports as t } from './ko';

export interface DraftSubmit {
  saving: boolean;
  /** A field's setter that also clears the form's own complaint about that field. */
  edit: <V>(name: string, set: (value: V) => void) => (value: V) => void;
  /** What to show under a field: the form's own complaint first, then the server's words. */
  fieldError: (name: string) => string | null;
  /** The server's refusal when it names none of the form's fields (shown above the buttons). */
  formError: string | null;
  /**
   * Sends the form: nothing when `problems` (the form's own checks, by field) has any; else
   * `send`, whose refusal is kept for the fields. A report handled meanwhile, or gone, is told
   * in a toast and handed to `onStale`.
   */
  run: (problems: Record<string, string>, send: () => Promise<void>) => Promise<void>;
}

/**
 * What the report queue's three forms (card, meetup, 반려) share (docs/operators.md, The report
 * queue): their complaints by field, the server's refusal, the saving state and the way a send
 * ends. `fields`: the names of the form's fields, as the server's refusals name them.
 */
export function useDraftSubmit(
  fields: readonly string[],
  onStale: (kind: 'handled' | 'gone') => void,
): DraftSubmit {
  const [missing, setMissing] = useState<Readonly<Record<string, string>>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  const edit =
    <V>(name: string, set: (value: V) => void) =>
    (value: V) => {
      set(value);
      if (missing[name])
        setMissing((m) => Object.fromEntries(Object.entries(m).filter(([k]) => k !== name)));
    };
  const fieldError = (name: string) => missing[name] ?? refusal?.fields[name] ?? null;
  const formError = refusal && !fields.some((f) => refusal.fields[f]) ? refusal.message : null;

  async function run(problems: Record<string, string>, send: () => Promise<void>) {
    if (saving) return;
    setMissing(problems);
    setRefusal(null);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      await send();
    } catch (err) {
      const refused = refusalOf(err, koAdmin.failed);
      const stale = staleness(err);
      if (stale) {
        toast.error(stale === 'gone' ? t.gone : refused.message);
        onStale(stale);
        return;
      }
      setRefusal(refused);
    } finally {
      setSaving(false);
    }
  }

  return { saving, edit, fieldError, formError, run };
}
