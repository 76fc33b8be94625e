import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { OPT_OUT_REASONS, type OptOutReason } from '@motor/domain';
import { OPT_OUT_DETAILS_MAX_LENGTH } from '@motor/contract';
import { Button } from '../ui/button';
import { RadioList } from './radio-list';

// The reason for turning automatic renewal off (spec 2 §5 "renewal opt-out reason: required";
// spec 3 §4 the reason set), one list for the policy's auto-renewal modal and the renewal
// opt-out page: the reasons, "Other" with details, the error linked to both.

type OptOutChoice = { reason: OptOutReason | ''; details: string };

/** The error text key of a choice (servicing:autoRenewal.*), or null when it can be sent. */
function findOptOutProblem(
  choice: OptOutChoice,
): 'autoRenewal.reasonRequired' | 'autoRenewal.detailsRequired' | null {
  if (choice.reason === '') return 'autoRenewal.reasonRequired';
  if (choice.reason === 'Other' && choice.details.trim() === '') {
    return 'autoRenewal.detailsRequired';
  }
  return null;
}

type OptOutRequest = { enabled: false; reason: OptOutReason; details?: string };

/** The request body of a valid choice: reason, and details when given. */
function toOptOutRequest(choice: OptOutChoice): OptOutRequest {
  return {
    enabled: false,
    reason: choice.reason as OptOutReason,
    details: choice.details.trim() || undefined,
  };
}

type OptOutReasonFieldsProps = {
  /** Prefix of the ids: `${idPrefix}-details`, `${idPrefix}-error`. */
  idPrefix: string;
  reasons?: readonly OptOutReason[];
  choice: OptOutChoice;
  onChange: (choice: OptOutChoice) => void;
  error: string | null;
};

function OptOutReasonFields({
  idPrefix,
  reasons = OPT_OUT_REASONS,
  choice,
  onChange,
  error,
}: OptOutReasonFieldsProps): ReactElement {
  const { t } = useTranslation('servicing');
  const errorId = `${idPrefix}-error`;
  return (
    <>
      <RadioList
        legend={t('autoRenewal.reasonLegend')}
        name={`${idPrefix}-reason`}
        options={reasons}
        value={choice.reason === '' ? null : choice.reason}
        onChange={(code) => onChange({ ...choice, reason: code })}
        label={(code) => t(`autoRenewal.reasons.${code}`)}
        describedBy={error ? errorId : undefined}
      />
      {choice.reason === 'Other' ? (
        <div className="field">
          <label className="field__label" htmlFor={`${idPrefix}-details`}>
            {t('autoRenewal.detailsLabel')}
          </label>
          <textarea
            id={`${idPrefix}-details`}
            className="input"
            rows={3}
            value={choice.details}
            maxLength={OPT_OUT_DETAILS_MAX_LENGTH}
            onChange={(event) => onChange({ ...choice, details: event.target.value })}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * The reason fields as a form of their own, holding the choice: its one button sends a valid
 * choice's request, or shows why it cannot be sent. The browser's own checks are off (noValidate)
 * so findOptOutProblem's message is the one shown.
 */
export function OptOutReasonForm({
  className,
  onSend,
  isPending,
  submitLabel,
  ...fields
}: Pick<OptOutReasonFieldsProps, 'idPrefix' | 'reasons'> & {
  className?: string;
  /** Sends the request; a failure is the caller's to explain (the form stays to try again). */
  onSend: (request: OptOutRequest) => Promise<unknown>;
  /** While sending, the button is disabled so the choice is sent once. */
  isPending: boolean;
  submitLabel: string;
}): ReactElement {
  const { t } = useTranslation('servicing');
  const [choice, setChoice] = useState<OptOutChoice>({ reason: '', details: '' });
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const problem = findOptOutProblem(choice);
    if (problem) return setError(t(problem));
    setError(null);
    void onSend(toOptOutRequest(choice));
  };
  return (
    <form
      className={className}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <OptOutReasonFields {...fields} choice={choice} onChange={setChoice} error={error} />
      <Button type="submit" disabled={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
