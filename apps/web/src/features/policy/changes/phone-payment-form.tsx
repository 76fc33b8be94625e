import { useId, useState } from 'react';
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@motor/domain';
import type { MtaMotoCheckoutRequest } from '@motor/contract';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { brandFormats } from '../../../lib/brand-products';

// Staff take amountDue by phone (spec 3 §5 "Admin settle (phone payment) form"): the card
// provider's token (never card numbers), the cardholder's postcode upper-cased, and the
// policyholder's date of birth typed by the staff member as the customer says it, never pre-filled
// so that it proves who is on the phone.

type Field = 'token' | 'postalCode' | 'dateOfBirth';

/** The field errors of the phone-payment form (empty when it may be sent). */
function validatePhonePayment(
  values: Record<Field, string>,
  storedDateOfBirth: string | undefined,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!new RegExp(brandFormats.cardToken.regex).test(values.token.trim())) errors.token = 'token';
  if (!new RegExp(brandFormats.postalCode.regex, 'i').test(values.postalCode.trim())) {
    errors.postalCode = 'postalCode';
  }
  if (!values.dateOfBirth) errors.dateOfBirth = 'dateOfBirthRequired';
  else if (storedDateOfBirth && values.dateOfBirth !== storedDateOfBirth) {
    errors.dateOfBirth = 'dateOfBirthMismatch';
  }
  return errors;
}

/** What the API said when the payment failed: its message, else the unknown-error text. */
export function readPaymentFailure(error: unknown): string | null {
  if (!isApiError(error) || error.failure.kind !== 'UNEXPECTED') return null;
  const body = error.failure.data as { error?: { message?: unknown } } | null;
  return typeof body?.error?.message === 'string' ? body.error.message : null;
}

export function PhonePaymentForm({
  amountDue,
  storedDateOfBirth,
  isSending,
  failure,
  onSend,
}: {
  amountDue: number;
  storedDateOfBirth: string | undefined;
  isSending: boolean;
  /** The banner after a refused payment; null when there is none. */
  failure: string | null;
  onSend: (request: MtaMotoCheckoutRequest) => void;
}): ReactElement {
  const { t } = useTranslation('policy-changes');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    token: '',
    postalCode: '',
    dateOfBirth: '',
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const errors = validatePhonePayment(values, storedDateOfBirth);
  const isValid = Object.keys(errors).length === 0;

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || isSending) return;
    onSend({
      saveCard: false,
      token: values.token.trim(),
      postalCode: values.postalCode.trim().toUpperCase(),
      dateOfBirth: values.dateOfBirth,
    });
  };

  const field = (name: Field, type: string, autoComplete: string) => {
    const error = touched.has(name) ? errors[name] : undefined;
    const inputId = `${id}-${name}`;
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t(`phonePayment.${name}`)}
        </label>
        <input
          id={inputId}
          type={type}
          className="input"
          autoComplete={autoComplete}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) =>
            change(
              name,
              name === 'postalCode' ? event.target.value.toUpperCase() : event.target.value,
            )
          }
        />
        {error ? (
          <p id={`${inputId}-error`} className="field__error">
            {t(`phonePayment.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="policy-change__phone-payment">
      <p>{t('phonePayment.intro', { amount: formatMoney(amountDue) })}</p>
      {failure !== null ? (
        <p role="alert" className="notice notice--critical">
          {failure || t('phonePayment.unknownError')}
        </p>
      ) : null}
      {field('token', 'text', 'off')}
      {field('postalCode', 'text', 'off')}
      {field('dateOfBirth', 'date', 'off')}
      <Button type="submit" disabled={!isValid || isSending}>
        {t('phonePayment.submit')}
      </Button>
    </form>
  );
}
