import { useId } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SurveyCardForm,
  useSurveyAnswer,
  useSurveyWords,
} from '../../components/form/survey-fields';
import { useSendAdjustmentFeedback, type AdjustmentRef } from './api/adjustment-api';

/**
 * The service-feedback widget after a successful change (spec 3 §4 "Feedback modal": customers
 * only): a 1-10 score sent as feedback of type 'adjustment'.
 */
export function AdjustmentFeedback({ policyId, adjustmentId }: AdjustmentRef): ReactElement {
  const { t } = useTranslation('policy-changes');
  const words = useSurveyWords('policy-changes');
  const id = useId();
  const survey = useSurveyAnswer();
  const send = useSendAdjustmentFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (survey.rating !== null) send.mutate({ policyId, adjustmentId, rating: survey.rating });
  };

  return (
    <section className="card feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('feedback.title')}</h2>
      {send.isSuccess ? (
        <p role="status">{t('feedback.thanks')}</p>
      ) : (
        <SurveyCardForm id={id} words={words} survey={survey} send={send} onSubmit={onSubmit} />
      )}
    </section>
  );
}
