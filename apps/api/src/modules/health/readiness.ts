/**
 * What /api/ready weighs besides the database (issue 32 item 5): what the process still has to
 * do before it serves (the job runner to start), and whether it is draining for a shutdown. The
 * entry point (server.ts) owns one and says when each is done; an app built without one (tests,
 * scripts) is ready when its database answers.
 */
export class Readiness {
  private readonly pending = new Set<string>();
  private isDraining = false;

  /** Not ready until `done(what)`. */
  waitFor(what: string): void {
    this.pending.add(what);
  }

  done(what: string): void {
    this.pending.delete(what);
  }

  /** From now on not ready: load balancers stop sending while in-flight requests finish. */
  drain(): void {
    this.isDraining = true;
  }

  /** Why the process is not ready, or null when nothing but the database is left to check. */
  get reason(): string | null {
    if (this.isDraining) return 'shutting down';
    const [first] = this.pending;
    return first ? `waiting for the ${first}` : null;
  }
}
