import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackState } from '@motor/domain';
import { FEEDBACK_SCORES, ScoreRadios } from '../../components/form/score-radios';
import {
  SurveyComment,
  SurveySend,
  useSurveyAnswer,
  useSurveyWords,
} from '../../components/form/survey-fields';
import { Modal } from '../../components/ui/modal';
import { useAuth } from '../../lib/auth';
import { useSendCancellationFeedback } from './api/cancellation-api';

// The feedback modal (spec 3 §4 "Feedback modal", §5 "Feedback", §9): 2 seconds after the
// cancellation confirmation opens, once per cancellation, never for staff; a rating from 1 to 10
// in five columns and an optional comment, then a thank-you.

export const FEEDBACK_DELAY_MS = 2000;
const FEEDBACK_COLUMNS = 5;
const COMMENT_MAX_LENGTH = 2000;

/** Remembered for the tab's session, so a reload of the page does not ask again. */
export const feedbackAskedKey = (policyId: string) => `cancellation-feedback:${policyId}`;

const SCORE_ROWS = Array.from(
  { length: Math.ceil(FEEDBACK_SCORES.length / FEEDBACK_COLUMNS) },
  (_, row) => FEEDBACK_SCORES.slice(row * FEEDBACK_COLUMNS, (row + 1) * FEEDBACK_COLUMNS),
);

/**
 * The state after a rating is sent. The spec lets a brand send some scores to Trustpilot, but
 * neither product config (`feedback` holds only the 1–10 range) nor brand config has a per-rating
 * action, so every score shows the confirmation (as in the spec's one described product).
 */
function stateAfterRating(): FeedbackState {
  return 'confirmation';
}

function wasAsked(policyId: string): boolean {
  try {
    return window.sessionStorage.getItem(feedbackAskedKey(policyId)) !== null;
  } catch {
    return false; // Storage blocked: ask, at worst once per page load.
  }
}

function rememberAsked(policyId: string) {
  try {
    window.sessionStorage.setItem(feedbackAskedKey(policyId), 'asked');
  } catch {
    // Storage blocked: nothing to remember it in.
  }
}

export function CancellationFeedbackModal({ policyId }: { policyId: string }) {
  const { t } = useTranslation('cancellation');
  const words = useSurveyWords('cancellation');
  const { isAdmin } = useAuth();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [state, setState] = useState<FeedbackState>('default');
  const { rating, setRating, comment, setComment, answer } = useSurveyAnswer();
  const send = useSendCancellationFeedback();

  useEffect(() => {
    if (isAdmin || wasAsked(policyId)) return undefined;
    const timer = window.setTimeout(() => {
      rememberAsked(policyId);
      setIsOpen(true);
    }, FEEDBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [isAdmin, policyId]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent = answer();
    if (sent) send.mutate({ policyId, ...sent }, { onSuccess: () => setState(stateAfterRating()) });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => setIsOpen(false)}
      title={state === 'default' ? t('feedback.title') : t('feedback.thanksTitle')}
      variant="feedback"
      closeLabel={t('feedback.close')}
    >
      {state === 'default' ? (
        <form className="feedback-modal" onSubmit={onSubmit} noValidate>
          <fieldset className="feedback-modal__scores" aria-describedby={`${id}-hint`}>
            <legend className="feedback-modal__legend">{t('feedback.legend')}</legend>
            <p id={`${id}-hint`} className="field__hint">
              {t('feedback.hint')}
            </p>
            {SCORE_ROWS.map((row) => (
              <div key={row[0]} className="feedback-modal__row">
                <ScoreRadios
                  name={`${id}-rating`}
                  scores={row}
                  rating={rating}
                  onChange={setRating}
                  className="feedback-modal__score"
                  scoreLabel={words.scoreLabel}
                />
              </div>
            ))}
          </fieldset>
          {/* A textarea: Enter starts a new line and never sends the form. */}
          <SurveyComment
            id={`${id}-comment`}
            label={t('feedback.comment')}
            value={comment}
            onChange={setComment}
            maxLength={COMMENT_MAX_LENGTH}
            labelClassName="field__label"
            className="input feedback-modal__comment"
          />
          <SurveySend words={words} send={send} rating={rating} errorClassName="field__error" />
        </form>
      ) : (
        <p role="status">{t('feedback.thanks')}</p>
      )}
    </Modal>
  );
}
