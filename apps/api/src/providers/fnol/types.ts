// Our contract for first notification of loss (FNOL, spec 3 §7 createFnolLink): the customer
// describes an incident on the provider's page, which then sends them back to us. A vendor
// adapter (Axitech) maps its link request and its claim notification to these shapes.

type FnolAdapter = 'sandbox';

/** The policy the customer claims on, as the provider needs it. */
export type FnolPolicy = {
  policyId: string;
  policyNumber: string;
  schemeCode: string;
  /** The policyholder's name, shown on the claim page. */
  insuredName: string;
};

export type FnolLinkRequest = {
  policy: FnolPolicy;
  /** Absolute URL on our site the provider's page returns the customer to. */
  callbackUrl: string;
  /** Absolute URL of our privacy notice, linked from the claim page. */
  privacyPolicyUrl: string;
  /** The brand's claims line and e-mail, shown on the claim page. */
  telephone: string;
  email: string;
  /** Our user id of the customer (or of the customer staff act for). */
  customerReference: string;
  /** Our user id of whoever opened the link: the customer, or staff acting for them. */
  actorReference: string;
  now: Date;
};

export type FnolProvider = {
  readonly adapter: FnolAdapter;
  /** A single-use link to the provider's claim page for this policy. */
  createLink(request: FnolLinkRequest): Promise<{ url: string }>;
};
