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

/** One of the form's radio groups, each radio's id its value; `onLeave` marks it used. */
function RadioField<Option extends string>(props: {
  name: string;
  legend: string;
  error: string | undefined;
  options: readonly Option[];
  value: string;
  onChange: (option: Option) => void;
  label: (option: Option) => string;
  onLeave: (event: FocusEvent<HTMLElement>) => void;
}) {
  const { name } = props;
  return (
    <div onBlur={props.onLeave}>
      <FieldGroup id={name} label={props.legend} error={props.error}>
        <div className="radios">
          {props.options.map((option) => (
            <div className="radios__item" key={option}>
              <input
                type="radio"
                className="radios__input"
                id={`${name}-${option}`}
                name={name}
                checked={props.value === option}
                onChange={() => props.onChange(option)}
              />
              <label className="radios__label" htmlFor={`${name}-${option}`}>
                {props.label(option)}
              </label>
            </div>
          ))}
        </div>
      </FieldGroup>
    </div>
  );
}

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
            <RadioField
              name="cancel-when"
              legend={t('form.whenLegend')}
              error={whenError}
              options={['now', ...options.deferredDates]}
              value={values.when}
              onChange={(when) => change('when', when)}
              label={(when) =>
                when === 'now'
                  ? t('form.immediately')
                  : t('form.onDate', { date: displayDate(when) })
              }
              onLeave={touchOnLeave('when')}
            />
          </>
        )}
        {reasons.length > 0 ? (
          <RadioField
            name="cancel-reason"
            legend={t('form.reasonLegend')}
            error={reasonError}
            options={reasons}
            value={values.reason}
            onChange={(reason) => change('reason', reason)}
            label={(reason) => t(`reasons.${reason}`)}
            onLeave={touchOnLeave('reason')}
          />
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
