import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { SurveyScores, SurveySend, useSurveyWords } from '../../components/form/survey-fields';
import { useSendAdjustmentFeedback, type AdjustmentRef } from './api/adjustment-api';

/**
 * The service-feedback widget after a successful change (spec 3 §4 "Feedback modal": customers
 * only): a 1-10 score sent as feedback of type 'adjustment'.
 */
export function AdjustmentFeedback({ policyId, adjustmentId }: AdjustmentRef): ReactElement {
  const { t } = useTranslation('policy-changes');
  const words = useSurveyWords('policy-changes');
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
          <SurveyScores name={`${id}-rating`} words={words} rating={rating} onChange={setRating} />
          <SurveySend
            words={words}
            send={send}
            rating={rating}
            errorClassName="notice notice--critical"
          />
        </form>
      )}
    </section>
  );
}
