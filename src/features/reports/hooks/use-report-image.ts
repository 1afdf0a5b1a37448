import { useCallback, useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { imageProblem } from '@/lib/image-bytes';
import { isValidReportImage } from '@/features/reports/report-rules';

export interface ReportImage {
  file: File | null;
  /** ko.sync.imageProblem's words after a wrong file, else null. */
  error: string | null;
  /**
   * Checks type, size and the file's bytes (its type and pixel size); a wrong file is refused and clears the earlier
   * choice. Resolves true if taken.
   */
  choose: (file: File | null) => Promise<boolean>;
}

/** The image question: the chosen file (previewed by the field) or why it was refused. */
export function useReportImage(): ReportImage {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the latest choice: a slower byte check of an earlier file must not overwrite it
  const choice = useRef(0);
  // stable, so a screen can choose a file from an effect (a scan's photo handed over)
  const choose = useCallback(async (next: File | null) => {
    if (!next) return false;
    const mine = ++choice.current;
    const problem = isValidReportImage(next)
      ? await imageProblem(next).catch(() => 'notImage' as const)
      : 'notImage';
    if (mine !== choice.current) return false;
    if (problem) {
      setFile(null);
      setError(ko.sync.imageProblem[problem]);
      return false;
    }
    setError(null);
    setFile(next);
    return true;
  }, []);
  return { file, error, choose };
}
