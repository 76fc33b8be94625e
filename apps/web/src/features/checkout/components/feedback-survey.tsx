import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ScoreRadios } from '../../../components/form/score-radios';
import { Button } from '../../../components/ui/button';
import { useSendBindFeedback } from '../api/policy';

/** The bind survey (spec 2 §2): a 1–10 score tagged with the policy; every score is thanked. */
export function FeedbackSurvey({ policyId }: { policyId: string }) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const send = useSendBindFeedback();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    const trimmed = comment.trim();
    send.mutate({ policyId, rating, ...(trimmed ? { comment: trimmed } : {}) });
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
        <label className="feedback__comment-label" htmlFor={`${id}-comment`}>
          {t('feedback.comment')}
        </label>
        <textarea
          id={`${id}-comment`}
          className="input feedback__comment"
          rows={3}
          maxLength={1000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        {send.isError ? (
          <p role="alert" className="notice notice--critical">
            {t('feedback.failed')}
          </p>
        ) : null}
        <Button type="submit" disabled={rating === null || send.isPending}>
          {t('feedback.submit')}
        </Button>
      </form>
    </section>
  );
}
