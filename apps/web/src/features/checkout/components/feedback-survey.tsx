import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SurveyCardForm,
  SurveyComment,
  useSurveyAnswer,
  useSurveyWords,
} from '../../../components/form/survey-fields';
import { useSendBindFeedback } from '../api/policy';

/** The bind survey (spec 2 §2): a 1–10 score tagged with the policy; every score is thanked. */
export function FeedbackSurvey({ policyId }: { policyId: string }) {
  const { t } = useTranslation('checkout');
  const words = useSurveyWords('checkout');
  const id = useId();
  const survey = useSurveyAnswer();
  const { comment, setComment, answer } = survey;
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
      <SurveyCardForm id={id} words={words} survey={survey} send={send} onSubmit={onSubmit}>
        <SurveyComment
          id={`${id}-comment`}
          label={t('feedback.comment')}
          value={comment}
          onChange={setComment}
          maxLength={1000}
          labelClassName="feedback__comment-label"
          className="input feedback__comment"
        />
      </SurveyCardForm>
    </section>
  );
}
