/**
 * Which rows a pass of the loop is sending now, so overlapping passes never send one row twice. A
 * row stays claimed for a minute after it was marked handled: a pass whose page was read just
 * before that mark would otherwise still see it unsent.
 */
export class RowClaims {
  private readonly inFlight = new Set<string>();
  /** Row id → when it was marked handled (wall clock), oldest first. */
  private readonly handled = new Map<string, number>();

  static readonly HANDLED_MEMORY_MS = 60_000;

  claim(id: string): boolean {
    const cutoff = Date.now() - RowClaims.HANDLED_MEMORY_MS;
    for (const [old, at] of this.handled) {
      if (at >= cutoff) break;
      this.handled.delete(old);
    }
    if (this.inFlight.has(id) || this.handled.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  release(id: string, handled: boolean): void {
    this.inFlight.delete(id);
    if (handled) this.handled.set(id, Date.now());
  }
}
