import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreRadios } from '../../components/form/score-radios';
import { Button } from '../../components/ui/button';
import { useSendAdjustmentFeedback } from './api/adjustment-api';

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
            <ScoreRadios
              name={`${id}-rating`}
              rating={rating}
              onChange={setRating}
              className="feedback__score"
              scoreLabel={(score) => t('feedback.rating', { score })}
            />
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
