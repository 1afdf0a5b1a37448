import { useState } from 'react';
import { ko } from '../../../i18n/ko-features';
import { isValidReportImage } from '../report-rules';

export interface ReportImage {
  file: File | null;
  /** ko.sync.imageInvalid after a wrong file, else null. */
  error: string | null;
  /** Checks type and size; a wrong file is refused and clears the earlier choice. True if taken. */
  choose: (file: File | null) => boolean;
}

/** The image question: the chosen file (previewed by the field) or why it was refused. */
export function useReportImage(): ReportImage {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    error,
    choose(next) {
      if (!next) return false;
      if (!isValidReportImage(next)) {
        setFile(null);
        setError(ko.sync.imageInvalid);
        return false;
      }
      setError(null);
      setFile(next);
      return true;
    },
  };
}
