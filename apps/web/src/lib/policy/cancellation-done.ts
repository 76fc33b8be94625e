// What a customer lands on policy/{policyId}/cancellation-confirmation with: the cancellation's
// confirm step hands it on, and so does a referred change whose confirmation cancelled the
// policy instead. Both know the page by this shape only.

/** What the confirm step hands on: when cover stops (null: it already has) and the amount due. */
export type CancellationDoneState = { effectiveAt: string | null; amountDue: number };
