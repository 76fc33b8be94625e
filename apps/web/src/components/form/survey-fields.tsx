import { useState, type ReactElement } from 'react';
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

/** The 1–10 scores in one row under their legend (the survey cards' look). */
export function SurveyScores({
  name,
  legend,
  rating,
  onChange,
  scoreLabel,
}: {
  name: string;
  legend: string;
  rating: number | null;
  onChange: (score: number) => void;
  scoreLabel: (score: number) => string;
}): ReactElement {
  return (
    <fieldset className="feedback__scores">
      <legend className="feedback__legend">{legend}</legend>
      <ScoreRadios
        name={name}
        rating={rating}
        onChange={onChange}
        className="feedback__score"
        scoreLabel={scoreLabel}
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

/** The survey form's end: the failure alert (when sending failed) and the send button. */
export function SurveySend({
  failed,
  failedText,
  errorClassName,
  disabled,
  submitText,
}: {
  failed: boolean;
  failedText: string;
  errorClassName: string;
  disabled: boolean;
  submitText: string;
}): ReactElement {
  return (
    <>
      {failed ? (
        <p role="alert" className={errorClassName}>
          {failedText}
        </p>
      ) : null}
      <Button type="submit" disabled={disabled}>
        {submitText}
      </Button>
    </>
  );
}
