import { useState } from 'react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { shouldSubmitAdjustment } from '@motor/domain';
import type { AdjustmentType, ProposalChange } from '@motor/domain';
import {
  readFieldErrors,
  type ServerFieldError,
} from '../../components/disclosure/use-save-disclosure';
import { useShowError } from '../../components/ui/error-modal';
import { useAuth } from '../../lib/auth';
import type { Policy } from '../../lib/policy/get-policy';
import { useCreateAdjustment } from './api/adjustment-api';
import { InRenewalModal } from './change-modals';
import { EffectiveDateModal } from './effective-date-modal';
import { isInRenewalConflict } from './policy-change-rules';

// Creating an adjustment from any change page (spec 3 §4 "Adjustment flow" items 1, 8, 10): only
// with changes (or a start-date change); staff choose the effective date first; a policy in its
// renewal window answers 409 and shows the in-renewal modal; then the review page.

type Draft = {
  adjustmentType: AdjustmentType;
  changes: ProposalChange[];
  reviewPath: (id: string) => string;
  /** The PROMOTION section's code: a change in itself. */
  promotionActivationCode?: string;
  /** Shows the answers the server refused (400) on the page; else the error modal does. */
  onRefused?: (fields: ServerFieldError[]) => void;
};

export function useSubmitAdjustment(policy: Policy): {
  /** False when there was nothing to submit (no request is made). */
  submit: (draft: Draft) => boolean;
  isSubmitting: boolean;
  modals: ReactElement;
} {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const showError = useShowError();
  const create = useCreateAdjustment();
  const [awaitingDate, setAwaitingDate] = useState<Draft | null>(null);
  const [isInRenewalOpen, setInRenewalOpen] = useState(false);

  const send = async (draft: Draft, effectiveAt: string | undefined) => {
    try {
      const adjustment = await create.mutateAsync({
        policyId: policy.policyId,
        adjustmentType: draft.adjustmentType,
        changes: draft.changes,
        ...(draft.promotionActivationCode
          ? { promotionActivationCode: draft.promotionActivationCode }
          : {}),
        ...(effectiveAt ? { effectiveAt } : {}),
      });
      await navigate(draft.reviewPath(adjustment.adjustmentId));
    } catch (error) {
      const refused = draft.onRefused ? readFieldErrors(error) : null;
      if (isInRenewalConflict(error)) setInRenewalOpen(true);
      else if (refused) draft.onRefused?.(refused);
      else showError(error);
    }
  };

  const submit = (draft: Draft) => {
    if (!draft.promotionActivationCode && !shouldSubmitAdjustment(draft)) return false;
    if (isAdmin) setAwaitingDate(draft);
    else void send(draft, undefined);
    return true;
  };

  const modals = (
    <>
      <EffectiveDateModal
        isOpen={awaitingDate !== null}
        policy={policy}
        onClose={() => setAwaitingDate(null)}
        onChoose={(effectiveAt) => {
          const draft = awaitingDate;
          setAwaitingDate(null);
          if (draft) void send(draft, effectiveAt);
        }}
      />
      <InRenewalModal isOpen={isInRenewalOpen} onClose={() => setInRenewalOpen(false)} />
    </>
  );
  return { submit, isSubmitting: create.isPending, modals };
}
