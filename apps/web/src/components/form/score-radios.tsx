import type { ReactElement } from 'react';
import { MAX_FEEDBACK_RATING, MIN_FEEDBACK_RATING } from '@motor/domain';

/** Every score a feedback survey offers (1 to 10). */
export const FEEDBACK_SCORES = Array.from(
  { length: MAX_FEEDBACK_RATING - MIN_FEEDBACK_RATING + 1 },
  (_, index) => MIN_FEEDBACK_RATING + index,
);

export type ScoreRadiosProps = {
  /** The radio group's name, one per survey. */
  name: string;
  scores?: readonly number[];
  rating: number | null;
  onChange: (score: number) => void;
  /** The class of each score's label (the survey's own look). */
  className: string;
  /** What a screen reader hears for a score ("7 out of 10"), in the survey's words. */
  scoreLabel: (score: number) => string;
};

/** A feedback survey's scores: each a radio showing its number, read out by scoreLabel. */
export function ScoreRadios({
  name,
  scores = FEEDBACK_SCORES,
  rating,
  onChange,
  className,
  scoreLabel,
}: ScoreRadiosProps): ReactElement {
  return (
    <>
      {scores.map((score) => (
        <label key={score} className={className}>
          <input
            type="radio"
            name={name}
            value={score}
            checked={rating === score}
            onChange={() => onChange(score)}
          />
          <span aria-hidden="true">{score}</span>
          <span className="visually-hidden">{scoreLabel(score)}</span>
        </label>
      ))}
    </>
  );
}
