import { ko } from '@/i18n/ko';

export interface ErrorDescription {
  status: string;
  statusText: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * What the error screen shows for anything a route can throw: a fetch Response, a PocketBase
 * ClientResponseError ({ status, response: { message }, message }, status 0 when the network
 * failed), or a plain Error. Never throws itself.
 */
export function describeError(error: unknown): ErrorDescription {
  const t = ko.errorScreen;

  if (isRecord(error) && typeof error.status === 'number') {
    const status = error.status;
    const response = isRecord(error.response) ? error.response : undefined;
    const statusText =
      text(error.statusText) ??
      (status === 0 ? t.networkStatusText : t.statusTexts[status]) ??
      t.unknownStatusText;
    const message = text(error.message) ?? text(response?.message) ?? ko.messages.backendDefault;
    return { status: status === 0 ? t.unknownStatus : String(status), statusText, message };
  }

  return {
    status: t.unknownStatus,
    statusText: t.unknownStatusText,
    message:
      (error instanceof Error ? text(error.message) : text(error)) ?? ko.messages.backendDefault,
  };
}
