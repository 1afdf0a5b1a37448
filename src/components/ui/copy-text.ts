/**
 * Copies a fan's own words (a refused message or change) to the clipboard and says how it went in
 * a toast; where the browser refuses, the failure text tells the fan to copy by hand.
 */
import { toast } from './toast';

export async function copyText(text: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(failed);
  }
}
