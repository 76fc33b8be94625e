import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SurveyComment,
  SurveyScores,
  SurveySend,
  useSurveyAnswer,
  useSurveyWords,
} from '../../../components/form/survey-fields';
import { useSendBindFeedback } from '../api/policy';

/** The bind survey (spec 2 §2): a 1–10 score tagged with the policy; every score is thanked. */
export function FeedbackSurvey({ policyId }: { policyId: string }) {
  const { t } = useTranslation('checkout');
  const words = useSurveyWords('checkout');
  const id = useId();
  const { rating, setRating, comment, setComment, answer } = useSurveyAnswer();
  const send = useSendBindFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent = answer();
    if (sent) send.mutate({ policyId, ...sent });
  };

  if (send.isSuccess) {
    return (
      <section className="checkout-section feedback" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="checkout-section__title">
          {t('feedback.title')}
        </h2>
        <p role="status">{t('feedback.thanks')}</p>
      </section>
    );
  }

  return (
    <section className="checkout-section feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('feedback.title')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <SurveyScores name={`${id}-rating`} words={words} rating={rating} onChange={setRating} />
        <SurveyComment
          id={`${id}-comment`}
          label={t('feedback.comment')}
          value={comment}
          onChange={setComment}
          maxLength={1000}
          labelClassName="feedback__comment-label"
          className="input feedback__comment"
        />
        <SurveySend
          words={words}
          send={send}
          rating={rating}
          errorClassName="notice notice--critical"
        />
      </form>
    </section>
  );
}
