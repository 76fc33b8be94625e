import { useEffect, useRef } from 'react';
import {
  getValueAtPath,
  isInputReadOnly,
  isInputVisible,
  setValueAtPath,
  validateInputValue,
} from '@motor/forms';
import type { FormContext, FormValues, InputDefinition } from '@motor/forms';
import type { ProposalResponse as Proposal } from '@motor/contract';
import { buildChanges } from './sections';
import type { AnswerTarget } from './sections';
import { useSaveDraft } from './use-save-disclosure';

/** How long typing pauses before the answers so far are saved. */
const PAUSE_MS = 800;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves a page's answers as the customer goes (issue 31 item 6), so a reload keeps them: after a
 * pause in typing and when focus leaves a field, every shown answer that passes its own checks
 * and differs from the last saved is sent unrated. Nothing is said to the customer; Continue
 * (`settle`) waits for any save in flight and then sends the page as before, rated.
 */
export function useSaveAsYouGo(options: {
  enabled: boolean;
  proposal: Proposal;
  target: AnswerTarget;
  inputs: readonly InputDefinition[];
  context: FormContext;
  initial: FormValues;
}) {
  const draft = useSaveDraft(options.proposal.proposalCode);
  const latest = useRef<FormValues | null>(null);
  const saved = useRef(options.initial);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hasSaved = useRef(false);
  const current = useRef(options);
  useEffect(() => {
    current.current = options;
  });

  const flush = () => {
    clearTimeout(timer.current);
    const values = latest.current;
    if (!current.current.enabled || values === null) return inFlight.current;
    latest.current = null;
    const { proposal, target, inputs, context } = current.current;
    const names = inputs
      .filter((input) => isInputVisible({ input, values, context }))
      .filter((input) => !isInputReadOnly({ input, values, context }))
      .filter((input) => {
        const value = getValueAtPath(values, input.name);
        return (
          value !== undefined && validateInputValue({ input, value, values, context }) === null
        );
      })
      .map((input) => input.name)
      .filter((name) => !same(getValueAtPath(values, name), getValueAtPath(saved.current, name)));
    const changes = buildChanges({ proposal, target, values, changedNames: names });
    if (changes.length === 0) return inFlight.current;
    inFlight.current = inFlight.current
      .then(() => draft.mutateAsync({ changes, applyRating: false }))
      .then(() => {
        hasSaved.current = true;
        for (const name of names) {
          saved.current = setValueAtPath(saved.current, name, getValueAtPath(values, name));
        }
      })
      .catch(() => undefined);
    return inFlight.current;
  };

  // Leaving the page (Back to quote, a link) keeps what was typed too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => () => void flush(), []);

  return {
    /** The form's answers changed: save them after a pause. */
    onChange: (values: FormValues) => {
      latest.current = values;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), PAUSE_MS);
    },
    /** Focus left a field: save now. */
    onBlur: () => void flush(),
    /** Before Continue: no save pending; whether any answer was saved unrated on this page. */
    settle: async () => {
      clearTimeout(timer.current);
      latest.current = null;
      await inFlight.current;
      return { hasSaved: hasSaved.current };
    },
  };
}
