/**
 * What the first-screen renderer gives one render: its answers to the screens' reads and the
 * clock it draws at (see docs/first-visit.md). Carried by a React context, so renders that
 * overlap on the server never see each other's; null in the browser.
 */
import { createContext } from 'react';
import type { ReadName } from '@/domains/tables/reads';

export const MISS: unique symbol = Symbol('miss');

export interface ServerRender {
  /** The read's value when the renderer has it; otherwise it notes the read and returns MISS. */
  lookup(name: ReadName, args: readonly unknown[], key: string): unknown;
  /**
   * What the renderer asked the network for before drawing a page that is no read of the store
   * (a public collect book), by its payload key; undefined when it has none.
   */
  answer?(key: string): unknown;
  clock: { now: number; today: string };
}

export const ServerRenderContext = createContext<ServerRender | null>(null);
