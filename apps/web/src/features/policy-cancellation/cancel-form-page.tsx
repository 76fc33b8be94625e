import { useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDisplayDate, startOfLondonDate } from '@motor/domain';
import type { CancellationOptionsResponse } from '@motor/contract';
import { FieldGroup } from '../../components/form/field';
import { TextArea } from '../../components/form/text-area';
import { Button } from '../../components/ui/button';
import { Notification } from '../../components/ui/notification';
import {
  CANCELLATION_DETAILS_MAX_LENGTH,
  EMPTY_CANCEL_FORM,
  listReasons,
  readCancelFormValues,
  validateCancelForm,
  type CancelFormValues,
} from './cancel-form-values';

// The cancel form (spec 3 §2 "Cancel flow", §5 "Cancellation form"): the cooling-off kind cancels
// straight away with everything paid back; the standard kind offers Immediately or a later day.
// Like the app's other forms it validates on every change, shows an error under a field once the
// field has been used, and keeps Continue disabled until the answers are valid.

/** An offered London date shown dd MMM yyyy. */
const displayDate = (date: string) => formatDisplayDate(startOfLondonDate(date));

export function CancelFormPage({
  options,
  root,
  isFree = false,
}: {
  options: CancellationOptionsResponse;
  root: string;
  /** Nothing was paid (Driveaway): no refund is promised. */
  isFree?: boolean;
}) {
  const { t } = useTranslation('cancellation');
  const navigate = useNavigate();
  // Coming back from the confirm page keeps the answers.
  const returned = readCancelFormValues(useLocation().state);
  const [values, setValues] = useState<CancelFormValues>(returned ?? EMPTY_CANCEL_FORM);
  const [touched, setTouched] = useState<ReadonlySet<keyof CancelFormValues>>(
    () => new Set(returned ? ['when', 'reason', 'details'] : []),
  );
  const reasons = listReasons(options);
  const errors = validateCancelForm(values, options);
  const isValid = Object.keys(errors).length === 0;
  const shownError = (field: keyof CancelFormValues) => {
    const key = errors[field];
    return key && touched.has(field) ? t(key) : undefined;
  };
  const touch = (field: keyof CancelFormValues) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  // A radio group counts as used once focus leaves it, chosen or not.
  const touchOnLeave = (field: keyof CancelFormValues) => (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) touch(field);
  };
  const change = (field: keyof CancelFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    const answers = options.kind === 'CoolingOff' ? { ...values, when: 'now' } : values;
    void navigate('confirm', { state: answers });
  };

  const whenError = shownError('when');
  const reasonError = shownError('reason');
  const detailsError = shownError('details');

  return (
    <section className="cancel-flow" aria-labelledby="cancel-form-title">
      <div className="page-header">
        <h1 id="cancel-form-title">{t('form.title')}</h1>
      </div>
      <form className="cancel-flow__form" noValidate onSubmit={onSubmit}>
        {options.kind === 'CoolingOff' ? (
          <Notification variant="info" title={t('form.coolingOffTitle')}>
            {t('form.coolingOff', {
              date: options.coolingOffEndsAt ? formatDisplayDate(options.coolingOffEndsAt) : '',
            })}
          </Notification>
        ) : (
          <>
            <p>{isFree ? t('form.freeIntro') : t('form.standardIntro')}</p>
            <div onBlur={touchOnLeave('when')}>
              <FieldGroup id="cancel-when" label={t('form.whenLegend')} error={whenError}>
                <div className="radios">
                  {['now', ...options.deferredDates].map((when) => (
                    <div className="radios__item" key={when}>
                      <input
                        type="radio"
                        className="radios__input"
                        id={`cancel-when-${when}`}
                        name="cancel-when"
                        checked={values.when === when}
                        onChange={() => change('when', when)}
                      />
                      <label className="radios__label" htmlFor={`cancel-when-${when}`}>
                        {when === 'now'
                          ? t('form.immediately')
                          : t('form.onDate', { date: displayDate(when) })}
                      </label>
                    </div>
                  ))}
                </div>
              </FieldGroup>
            </div>
          </>
        )}
        {reasons.length > 0 ? (
          <div onBlur={touchOnLeave('reason')}>
            <FieldGroup id="cancel-reason" label={t('form.reasonLegend')} error={reasonError}>
              <div className="radios">
                {reasons.map((reason) => (
                  <div className="radios__item" key={reason}>
                    <input
                      type="radio"
                      className="radios__input"
                      id={`cancel-reason-${reason}`}
                      name="cancel-reason"
                      checked={values.reason === reason}
                      onChange={() => change('reason', reason)}
                    />
                    <label className="radios__label" htmlFor={`cancel-reason-${reason}`}>
                      {t(`reasons.${reason}`)}
                    </label>
                  </div>
                ))}
              </div>
            </FieldGroup>
          </div>
        ) : null}
        {values.reason === 'Other' ? (
          <TextArea
            field={{ id: 'cancel-details', label: t('form.detailsLabel'), error: detailsError }}
            rows={3}
            maxLength={CANCELLATION_DETAILS_MAX_LENGTH}
            value={values.details}
            onChange={(details) => change('details', details)}
            onBlur={() => touch('details')}
          />
        ) : null}
        <div className="cancel-flow__actions">
          <Button type="submit" disabled={!isValid}>
            {t('form.continue')}
          </Button>
          <Link to={root}>{t('form.back')}</Link>
        </div>
      </form>
    </section>
  );
}
