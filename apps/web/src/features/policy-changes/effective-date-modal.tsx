import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, isPolicyStarted } from '@motor/domain';
import { RadioList } from '../../components/form/radio-list';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import type { Policy } from '../../lib/policy/get-policy';
import { fromLondonDateTime, validateOtherEffectiveDate } from './effective-date-rules';

// The staff effective-date choice, shown first on every staff change (spec 3 §4 "Admin
// effective-date modal", §5 "Admin other-date effective date").

type Choice = 'now' | 'inception' | 'other';

export type EffectiveDateModalProps = {
  isOpen: boolean;
  policy: Policy;
  /** The chosen instant; undefined means immediately (or, not yet started, at the start). */
  onChoose: (effectiveAt: string | undefined) => void;
  onClose: () => void;
};

function NotStartedChoice({
  policy,
  onChoose,
}: Pick<EffectiveDateModalProps, 'policy' | 'onChoose'>) {
  const { t } = useTranslation('policy-changes');
  const startsAt = policy.policyDetail.inceptedAt ?? policy.currentPolicyVersion.startedAt;
  return (
    <>
      <p>{t('effectiveDate.deferred', { date: formatDisplayDate(startsAt) })}</p>
      <Button onClick={() => onChoose(undefined)}>{t('effectiveDate.continue')}</Button>
    </>
  );
}

function StartedChoice({ policy, onChoose }: Pick<EffectiveDateModalProps, 'policy' | 'onChoose'>) {
  const { t } = useTranslation('policy-changes');
  const [choice, setChoice] = useState<Choice>('now');
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { inceptedAt, expiredAt } = policy.policyDetail;
  const dates = {
    inception: inceptedAt ? formatDisplayDate(inceptedAt) : '',
    expiry: expiredAt ? formatDisplayDate(expiredAt) : '',
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === 'now') return onChoose(undefined);
    if (choice === 'inception') return onChoose(inceptedAt ?? undefined);
    const value = fromLondonDateTime(other);
    const rule = validateOtherEffectiveDate({ value, inceptedAt, expiredAt, now: new Date() });
    if (rule || !value) return setError(t(`effectiveDate.rules.${rule ?? 'invalid'}`, dates));
    onChoose(value.toISOString());
  };

  const options: Choice[] = inceptedAt ? ['now', 'inception', 'other'] : ['now', 'other'];
  return (
    <form noValidate onSubmit={submit}>
      <RadioList
        legend={t('effectiveDate.legend')}
        name="effectiveDateChoice"
        options={options}
        value={choice}
        onChange={(option) => {
          setChoice(option);
          setError(null);
        }}
        label={(option) => t(`effectiveDate.options.${option}`, dates)}
      />
      {choice === 'other' ? (
        <div className="field">
          <label className="field__label" htmlFor="effective-date-other">
            {t('effectiveDate.otherLabel')}
          </label>
          <input
            id="effective-date-other"
            type="datetime-local"
            className="input"
            value={other}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'effective-date-error' : undefined}
            onChange={(event) => {
              setOther(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="effective-date-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      <Button type="submit">{t('effectiveDate.continue')}</Button>
    </form>
  );
}

export function EffectiveDateModal({
  isOpen,
  policy,
  onChoose,
  onClose,
}: EffectiveDateModalProps): ReactElement {
  const { t } = useTranslation('policy-changes');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('effectiveDate.title')}>
      {isPolicyStarted(policy.policyDetail.policyStatus) ? (
        <StartedChoice policy={policy} onChoose={onChoose} />
      ) : (
        <NotStartedChoice policy={policy} onChoose={onChoose} />
      )}
    </Modal>
  );
}
