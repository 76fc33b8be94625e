import { useMemo, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate, londonDateString, toInstant } from '@motor/domain';
import { getDatePickerDays } from '@motor/forms';
import { DayPicker } from '../../components/form/day-picker';
import type { Policy } from '../../lib/policy/get-policy';
import { ChangeForm } from './change-form';
import { ChangePageLayout } from './change-page-layout';
import { useChangeContext } from './use-change-context';
import { useSubmitAdjustment } from './use-submit-adjustment';

/**
 * start-date: a policy that has not started yet (PENDING) may move its start (an SDA with
 * START_DATE_CHANGE). Its own route rather than a management section, because the product's
 * management sections are disclosure areas and the start date is the policy's, not an answer.
 * The new day is one of the 30 the quote's start date offers (spec 1 §9), as the server checks.
 */
export function StartDatePage({ policy }: { policy: Policy }): ReactElement {
  const { t } = useTranslation('policy-changes');
  const { paths, product, formContext } = useChangeContext(policy);
  const { submit, isSubmitting, modals } = useSubmitAdjustment(policy);
  const startsAt = policy.policyDetail.inceptedAt ?? policy.currentPolicyVersion.startedAt;
  const today = londonDateString(formContext.now);
  // The product's own start date question decides the days, as on the quote and on the server.
  const daysInFuture =
    product.disclosures.startDate.find((input) => input.name === 'startDate')?.meta.daysInFuture ??
    0;
  const offered = useMemo(() => getDatePickerDays(today, daysInFuture), [today, daysInFuture]);
  const [value, setValue] = useState(() => {
    const current = londonDateString(startsAt);
    return offered.includes(current) ? current : '';
  });
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!offered.includes(value)) return setError(t('startDate.invalid'));
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
      <ChangeForm onSubmit={onSubmit} isSubmitting={isSubmitting}>
        <DayPicker
          id="change-start-date"
          label={t('startDate.label')}
          today={today}
          daysInFuture={daysInFuture}
          value={value}
          error={error}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
        />
      </ChangeForm>
      {modals}
    </ChangePageLayout>
  );
}
