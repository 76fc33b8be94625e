import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FEEDBACK_RATING, MIN_FEEDBACK_RATING } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { useSendAdjustmentFeedback } from './api/adjustment-api';

const SCORES = Array.from(
  { length: MAX_FEEDBACK_RATING - MIN_FEEDBACK_RATING + 1 },
  (_, index) => MIN_FEEDBACK_RATING + index,
);

/**
 * The service-feedback widget after a successful change (spec 3 §4 "Feedback modal": customers
 * only): a 1-10 score sent as feedback of type 'adjustment'.
 */
export function AdjustmentFeedback({
  policyId,
  adjustmentId,
}: {
  policyId: string;
  adjustmentId: string;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const send = useSendAdjustmentFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating !== null) send.mutate({ policyId, adjustmentId, rating });
  };

  return (
    <section className="card feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('feedback.title')}</h2>
      {send.isSuccess ? (
        <p role="status">{t('feedback.thanks')}</p>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <fieldset className="feedback__scores">
            <legend className="feedback__legend">{t('feedback.legend')}</legend>
            {SCORES.map((score) => (
              <label key={score} className="feedback__score">
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={score}
                  checked={rating === score}
                  onChange={() => setRating(score)}
                />
                <span aria-hidden="true">{score}</span>
                <span className="visually-hidden">{t('feedback.rating', { score })}</span>
              </label>
            ))}
          </fieldset>
          {send.isError ? (
            <p role="alert" className="notice notice--critical">
              {t('feedback.failed')}
            </p>
          ) : null}
          <Button type="submit" disabled={rating === null || send.isPending}>
            {t('feedback.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
