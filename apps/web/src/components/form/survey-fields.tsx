import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { ScoreRadios } from './score-radios';

/**
 * A survey's answer so far. What is sent is the score with the comment trimmed, and the comment
 * only when something is left of it, so a blank comment never reaches the feedback record.
 */
export function useSurveyAnswer() {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const answer = (): { rating: number; comment?: string } | null => {
    if (rating === null) return null;
    const trimmed = comment.trim();
    return { rating, ...(trimmed ? { comment: trimmed } : {}) };
  };
  return { rating, setRating, comment, setComment, answer };
}

/**
 * A survey's words: every survey keeps them in its area's namespace under `feedback` (legend,
 * rating, failed, submit).
 */
export function useSurveyWords(namespace: string) {
  const { t } = useTranslation(namespace);
  return {
    legend: t('feedback.legend'),
    scoreLabel: (score: number) => t('feedback.rating', { score }),
    failed: t('feedback.failed'),
    submit: t('feedback.submit'),
  };
}

type SurveyWords = ReturnType<typeof useSurveyWords>;

/** The 1–10 scores in one row under their legend (the survey cards' look). */
function SurveyScores({
  name,
  words,
  rating,
  onChange,
}: {
  name: string;
  words: SurveyWords;
  rating: number | null;
  onChange: (score: number) => void;
}): ReactElement {
  return (
    <fieldset className="feedback__scores">
      <legend className="feedback__legend">{words.legend}</legend>
      <ScoreRadios
        name={name}
        rating={rating}
        onChange={onChange}
        className="feedback__score"
        scoreLabel={words.scoreLabel}
      />
    </fieldset>
  );
}

/** The optional comment, its label linked by id. */
export function SurveyComment({
  id,
  label,
  value,
  onChange,
  maxLength,
  labelClassName,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  labelClassName: string;
  className: string;
}): ReactElement {
  return (
    <>
      <label className={labelClassName} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={className}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

/**
 * The survey form's end: the failure alert (when sending failed) and the send button, which
 * waits for a score and for the sending under way.
 */
export function SurveySend({
  words,
  send,
  rating,
  errorClassName,
}: {
  words: SurveyWords;
  send: { isError: boolean; isPending: boolean };
  rating: number | null;
  errorClassName: string;
}): ReactElement {
  return (
    <>
      {send.isError ? (
        <p role="alert" className={errorClassName}>
          {words.failed}
        </p>
      ) : null}
      <Button type="submit" disabled={rating === null || send.isPending}>
        {words.submit}
      </Button>
    </>
  );
}

/**
 * The survey cards' form (after binding, after a change): the scores, what the survey asks
 * besides (the bind survey's comment), then the send button with its failure alert.
 */
export function SurveyCardForm({
  id,
  words,
  survey: { rating, setRating },
  send,
  onSubmit,
  children,
}: {
  /** The survey's id (useId): its scores are named after it. */
  id: string;
  words: SurveyWords;
  survey: Pick<ReturnType<typeof useSurveyAnswer>, 'rating' | 'setRating'>;
  send: { isError: boolean; isPending: boolean };
  onSubmit: (event: FormEvent) => void;
  children?: ReactNode;
}): ReactElement {
  return (
    <form onSubmit={onSubmit} noValidate>
      <SurveyScores name={`${id}-rating`} words={words} rating={rating} onChange={setRating} />
      {children}
      <SurveySend
        words={words}
        send={send}
        rating={rating}
        errorClassName="notice notice--critical"
      />
    </form>
  );
}
