import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PasteButton } from '../form/paste-button';
import { Button } from '../ui/button';
import { isApiError } from '../../lib/api-client';
import { brandFormats } from '../../lib/brand-products';
import './phone-payment-form.css';
import { FailureNotice } from '../ui/failure-notice';

// The one phone-payment (MOTO) form staff fill for a customer on the phone (spec 3 §5 "Admin
// settle (phone payment) form", §8, §9), for an outstanding balance (the billing tab's settle
// modal), a policy change's amount due and a new policy's first payment at checkout (spec 2 §4):
// the card provider's token (never card numbers: the card is typed into the provider's own card
// form, opened from here in a new tab),
// the cardholder's postcode upper-cased, and the policyholder's date of birth typed by the staff
// member as the customer says it, never pre-filled, so that it proves who is on the phone. Submit
// waits until all are valid. A token is good for 10 minutes from when it was entered (the server
// checks it too); a refusal shows spec 3 §8's banner. Texts: the billing area's `settle`.

const TOKEN_VALIDITY_MS = 10 * 60 * 1000;

/**
 * The card provider's card form, which answers a single-use `tok_...` token: the sandbox's page,
 * or (set at build time) a page of the provider's hosted card fields, e.g. Stripe Elements.
 */
const CARD_FORM_URL =
  (import.meta.env.VITE_CARD_TOKEN_FORM_URL as string | undefined) ?? '/sandbox/card/tokenize';

/** When a token was entered and when it is sent (read in event handlers only). */
const readClock = () => Date.now();

type Field = 'token' | 'postalCode' | 'dateOfBirth';

/** What the form sends: the caller adds what its call needs. */
export type PhonePaymentCard = { token: string; postalCode: string; dateOfBirth: string };

/** The field errors of the form (empty when it may be sent). */
function validate(
  values: Record<Field, string>,
  storedDateOfBirth: string | undefined,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!new RegExp(brandFormats.cardToken.regex).test(values.token.trim())) errors.token = 'token';
  if (!new RegExp(brandFormats.postalCode.regex, 'i').test(values.postalCode.trim())) {
    errors.postalCode = 'postalCode';
  }
  if (!values.dateOfBirth) errors.dateOfBirth = 'dateOfBirthRequired';
  // Unknown here, the server still compares it with the stored one.
  else if (storedDateOfBirth && values.dateOfBirth !== storedDateOfBirth) {
    errors.dateOfBirth = 'dateOfBirthMismatch';
  }
  return errors;
}

type FailureBody = {
  error?: { message?: unknown; details?: { type?: unknown; declineCode?: unknown } };
} | null;

/** The refusal's body when it is a 400 or 402 (spec 3 §8), else null. */
function readRefusal(error: unknown): FailureBody {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 402)) return null;
  return (error.failure.kind === 'UNEXPECTED' ? error.failure.data : null) as FailureBody;
}

/**
 * The banner for a refused payment (spec 3 §8): on 400 or 402 a timeout or incomplete payment has
 * its own message, else the server's message; anything else the unknown-error message. A card
 * decline code is appended in brackets.
 */
function describeFailure(error: unknown, t: TFunction<'billing'>): string {
  const data = readRefusal(error);
  if (!data) return t('settle.banners.unknown');
  const type = data.error?.details?.type;
  const serverMessage = data.error?.message;
  const message =
    type === 'timeout' || type === 'incomplete'
      ? t(`settle.banners.${type}`)
      : typeof serverMessage === 'string' && serverMessage.trim() !== ''
        ? serverMessage
        : t('settle.banners.unknown');
  const code = data.error?.details?.declineCode;
  return typeof code === 'string' && code !== ''
    ? t('settle.banners.withCode', { message, code })
    : message;
}

export function PhonePaymentForm({
  intro,
  submitLabel,
  storedDateOfBirth,
  isSending,
  onSend,
  secondaryAction,
  children,
}: {
  intro: string;
  submitLabel: string;
  storedDateOfBirth: string | undefined;
  isSending: boolean;
  /** Sends the payment; a rejection is shown as the banner (unless the caller handled it). */
  onSend: (card: PhonePaymentCard) => Promise<unknown>;
  /** Beside the submit button (a Cancel). */
  secondaryAction?: ReactNode;
  /** Fields of the caller's call, after the form's own (checkout: save the card). */
  children?: ReactNode;
}): ReactElement {
  const { t } = useTranslation('billing');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    token: '',
    postalCode: '',
    dateOfBirth: '',
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [banner, setBanner] = useState<string | null>(null);
  const tokenEnteredAt = useRef<number | null>(null);
  const errors = validate(values, storedDateOfBirth);
  const isValid = Object.keys(errors).length === 0;

  const change = (field: Field, value: string) => {
    if (field === 'token') tokenEnteredAt.current = value === '' ? null : readClock();
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || isSending) return;
    if (
      tokenEnteredAt.current !== null &&
      readClock() - tokenEnteredAt.current > TOKEN_VALIDITY_MS
    ) {
      setBanner(t('settle.banners.timeout'));
      change('token', '');
      return;
    }
    setBanner(null);
    onSend({
      token: values.token.trim(),
      postalCode: values.postalCode.trim().toUpperCase(),
      dateOfBirth: values.dateOfBirth,
    }).catch((error: unknown) => {
      setBanner(describeFailure(error, t));
      // The server found the token too old: a new one must be typed.
      if (readRefusal(error)?.error?.details?.type === 'timeout') change('token', '');
    });
  };

  const field = (name: Field, type: string) => {
    const error = touched.has(name) ? errors[name] : undefined;
    const inputId = `${id}-${name}`;
    return (
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {t(`settle.${name}`)}
        </label>
        <input
          id={inputId}
          type={type}
          className="input"
          autoComplete="off"
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
        {name === 'token' ? (
          // The token is made in the card form's tab: pasting it back is the usual way in.
          <PasteButton
            label={t('settle.pasteToken')}
            controls={inputId}
            onPaste={(text) => change('token', text.trim())}
          />
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} className="field__error">
            {t(`settle.errors.${error}`)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="phone-payment-form">
      <p>{intro}</p>
      {banner !== null ? <FailureNotice>{banner}</FailureNotice> : null}
      <p>
        <a href={CARD_FORM_URL} target="_blank" rel="noopener noreferrer">
          {t('settle.cardForm')}
        </a>
      </p>
      {field('token', 'text')}
      {field('postalCode', 'text')}
      {field('dateOfBirth', 'date')}
      {children}
      <div className="phone-payment-form__actions">
        <Button type="submit" disabled={!isValid || isSending}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </div>
    </form>
  );
}
