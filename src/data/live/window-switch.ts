/**
 * Whether screens read what they show beyond the sync scope from the server (docs/sync.md, The
 * cache): on once the data layer has started (src/app/start-data.ts hands over its client), so a
 * screen rendered without it (a test, the first-screen renderer) never reaches the network. A
 * window asked for before then is read once the switch is on.
 */
import type PocketBase from 'pocketbase';

let client: PocketBase | null = null;
const waiting: ((pb: PocketBase) => void)[] = [];

/** Turns windows on with the page's client. */
export function serveWindows(pb: PocketBase): void {
  client = pb;
  for (const run of waiting.splice(0)) run(pb);
}

/** The client windows are read with, or null while they are off. */
export function windowClient(): PocketBase | null {
  return client;
}

/** Runs `run` once windows are on. */
export function whenWindowsOn(run: (pb: PocketBase) => void): void {
  if (client) run(client);
  else waiting.push(run);
}
