// Our contract for the Motor Insurance Database (MID): every insured vehicle is on it from the
// start of cover; the police and continuous insurance enforcement read it. The insurer (or its
// bureau) adds a policy's vehicle, updates it (a change of car, of start date or of cover dates)
// and removes it (cancellation, not taken up, lapse, the end of a Driveaway). A bureau adapter
// maps its own request and answer codes to these shapes; modules/mid never sees them.

type MidAdapter = 'sandbox';

/** What the MID holds for one policy: the vehicle, the cover dates and the policyholder. */
export type MidEntry = {
  /** Our reference for the entry: the policy number (BMW-FLX-000123). */
  policyNumber: string;
  /** The registration mark as stored (upper case, no spaces: BM24XYZ). */
  registration: string;
  /** ISO instants: when cover starts, and when it ends (expiry, or an earlier chosen end). */
  coverStartAt: string;
  coverEndAt: string;
  /** The policyholder's full name. */
  policyholderName: string;
};

/** The MID's answer to a submission it accepted. */
export type MidConfirmation = {
  /** The MID's own reference for the entry (kept, and sent back with updates). */
  reference: string;
  /** ISO instant the MID recorded the submission. */
  confirmedAt: string;
};

/** Why an entry leaves the MID. */
export type MidRemovalReason = 'CANCELLED' | 'NOT_TAKEN_UP' | 'LAPSED' | 'ENDED';

/**
 * The MID refused the submission (its data, or an update of an entry it does not hold). Worth
 * trying again only after someone looked: the job keeps trying, with backoff, and staff see it.
 */
export class MidRejectedError extends Error {
  override readonly name = 'MidRejectedError';
}

/** The MID did not answer (down, or timed out): the job tries again later. */
export class MidUnavailableError extends Error {
  override readonly name = 'MidUnavailableError';
}

/**
 * Every call answers or throws within 30 seconds (an adapter times out its own requests); a
 * call may be retried after a timeout, so each is idempotent on the policy number.
 */
export type MidProvider = {
  readonly adapter: MidAdapter;
  /** Puts a policy's vehicle on the MID; adding an entry the MID holds already replaces it. */
  addVehicle(entry: MidEntry, options: { now: Date }): Promise<MidConfirmation>;
  /** Changes the entry of `reference` (car, start date, cover dates, policyholder's name). */
  updateVehicle(
    reference: string,
    entry: MidEntry,
    options: { now: Date },
  ): Promise<MidConfirmation>;
  /** Takes the entry off the MID; removing an entry already removed changes nothing. */
  removeVehicle(
    reference: string,
    options: { reason: MidRemovalReason; now: Date },
  ): Promise<MidConfirmation>;
};
