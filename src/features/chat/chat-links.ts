/**
 * Where the chat screens link to, and what a conversation is about, without React
 * (docs/trades.md, What a fan sees). The proposal form's search params are its contract:
 * `to`, `give` and `get` (comma-separated card ids), `card`, `post`, `counterOf`, `conversation`.
 */
import type { Conversation } from '@/data/pb/records';

export interface ProposeParams {
  /** The fan the proposal goes to. */
  to: string;
  give?: readonly string[];
  get?: readonly string[];
  card?: string;
  post?: string;
  counterOf?: string;
  conversation?: string;
}

/** The proposal form's address for these params (empty ones left out). */
export function proposeHref(params: ProposeParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, string | string[] | undefined][]) {
    const text = Array.isArray(value) ? value.filter(Boolean).join(',') : (value ?? '');
    if (text) search.set(key, text);
  }
  const query = search.toString();
  return query ? `/trades/new?${query}` : '/trades/new';
}

/** A thread's address. */
export function threadHref(conversationId: string): string {
  return `/chatting/${encodeURIComponent(conversationId)}`;
}

/**
 * What a conversation is about, the most specific first: a proposal, else an exchange post (with
 * its card), else a card; null when it was opened without one.
 */
export type ChatContext =
  | { kind: 'trade'; trade: string; card: string }
  | { kind: 'post'; post: string; card: string }
  | { kind: 'card'; card: string };

export function chatContextOf(
  conv: Pick<Conversation, 'photoCard' | 'post' | 'trade'>,
): ChatContext | null {
  if (conv.trade) return { kind: 'trade', trade: conv.trade, card: conv.photoCard };
  if (conv.post) return { kind: 'post', post: conv.post, card: conv.photoCard };
  if (conv.photoCard) return { kind: 'card', card: conv.photoCard };
  return null;
}

/** Where a context links: the proposal, or the card's detail page (which lists its posts). */
export function chatContextHref(context: ChatContext): string | null {
  if (context.kind === 'trade') return `/trades/${encodeURIComponent(context.trade)}`;
  return context.card ? `/exchangeDetail/${encodeURIComponent(context.card)}` : null;
}

/** A fan's name as shown: nickname, else username, else the fallback. */
export function fanName(
  profile: { name?: string; username?: string } | null | undefined,
  fallback: string,
): string {
  return profile?.name || profile?.username || fallback;
}
