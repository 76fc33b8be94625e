import { useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, londonDateString, toInstant } from '@motor/domain';
import { Button } from '../../../components/ui/button';
import type { Policy } from '../api/get-policy';
import { ChangePageLayout } from './change-page-layout';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * start-date: a policy that has not started yet (PENDING) may move its start (an SDA with
 * START_DATE_CHANGE). Its own route rather than a management section, because the product's
 * management sections are disclosure areas and the start date is the policy's, not an answer.
 */
export function StartDatePage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { paths } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const startsAt = policy.policyDetail.inceptedAt ?? policy.currentPolicyVersion.startedAt;
  const [value, setValue] = useState(() => londonDateString(startsAt));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A start in the past would backdate cover nobody had: today is the earliest.
    if (!DAY.test(value) || value < londonDateString(new Date())) {
      return setError(t('startDate.invalid'));
    }
    submit({
      adjustmentType: 'SDA',
      changes: [{ changeType: 'START_DATE_CHANGE', startDate: toInstant(value).toISOString() }],
      reviewPath: paths.review,
    });
  };

  return (
    <ChangePageLayout
      title={t('startDate.title')}
      intro={t('startDate.intro', { date: formatDisplayDate(startsAt) })}
      back={{ to: paths.management, label: t('backToManagement') }}
    >
      <form noValidate onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor="change-start-date">
            {t('startDate.label')}
          </label>
          <input
            id="change-start-date"
            type="date"
            className="input"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'change-start-date-error' : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="change-start-date-error" className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {t('form.submit')}
        </Button>
      </form>
      {modals}
    </ChangePageLayout>
  );
}
