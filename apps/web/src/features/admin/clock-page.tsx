import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClockUnit, MoveClockResponse } from '@motor/contract';
import { Field, getInputAttributes } from '../../components/form/field';
import { Button } from '../../components/ui/button';
import { readRefusal } from '../../lib/api-refusal';
import { formatInstant } from './format-instant';
import { useMoveClock, useServerClock } from './api/clock';
import { JobRunsList } from './job-runs';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { StaffReport } from './staff-report';
import { UnauthorisedPage } from './unauthorised-page';
import { FailureNotice } from '../../components/ui/failure-notice';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The server's answer to a refused move: the amount's own message, or one for the page. */
function readMoveRefusal(error: unknown): { amount?: string; page?: string } {
  const refusal = readRefusal(error);
  if (!refusal) return {};
  const amount = refusal.fields.find((field) => field.path === 'amount')?.message;
  return typeof amount === 'string' && amount ? { amount } : { page: refusal.message };
}

function Offset({ offsetMs }: { offsetMs: number }) {
  const { t } = useTranslation('clock');
  if (offsetMs <= 0) return <p>{t('real')}</p>;
  const days = Math.floor(offsetMs / DAY_MS);
  const hours = Math.round((offsetMs % DAY_MS) / HOUR_MS);
  const parts = [
    days ? t('days', { count: days }) : null,
    hours ? t('hours', { count: hours }) : null,
  ];
  const duration =
    parts[0] && parts[1]
      ? t('durationBoth', { days: parts[0], hours: parts[1] })
      : (parts[0] ?? parts[1] ?? t('hours', { count: 0 }));
  return <p>{t('ahead', { duration })}</p>;
}

function MoveResult({ moved }: { moved: MoveClockResponse }) {
  const { t } = useTranslation('clock');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [moved]);
  return (
    <section aria-labelledby="clock-moved">
      <h2 id="clock-moved" ref={heading} tabIndex={-1}>
        {t('result.title', {
          from: formatInstant(moved.from),
          to: formatInstant(moved.to),
        })}
      </h2>
      <p>{t('result.intro')}</p>
      <JobRunsList runs={moved.runs} />
    </section>
  );
}

function MoveClockForm() {
  const { t } = useTranslation('clock');
  const id = useId();
  const amountId = `${id}-amount`;
  const input = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<ClockUnit>('days');
  const [amountError, setAmountError] = useState<string>();
  const move = useMoveClock();
  const refusal = move.isError ? readMoveRefusal(move.error) : {};
  const shownAmountError = amountError ?? refusal.amount;

  useEffect(() => {
    if (refusal.amount) input.current?.focus();
  }, [refusal.amount]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(amount.trim());
    if (!/^\d+$/.test(amount.trim()) || value < 1) {
      setAmountError(t('form.amountError'));
      input.current?.focus();
      return;
    }
    setAmountError(undefined);
    move.mutate({ amount: value, unit });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('form.title')}</h2>
        <Field
          id={amountId}
          label={t('form.amount')}
          hint={t('form.amountHint')}
          error={shownAmountError}
        >
          <input
            ref={input}
            {...getInputAttributes(amountId, {
              hint: t('form.amountHint'),
              error: shownAmountError,
            })}
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field id={`${id}-unit`} label={t('form.unit')}>
          <select
            id={`${id}-unit`}
            name="unit"
            value={unit}
            onChange={(event) => setUnit(event.target.value as ClockUnit)}
          >
            <option value="hours">{t('form.hours')}</option>
            <option value="days">{t('form.days')}</option>
          </select>
        </Field>
        <Button type="submit" disabled={move.isPending}>
          {t('form.submit')}
        </Button>
      </form>
      <div role="status">{move.isPending ? <p>{t('form.moving')}</p> : null}</div>
      {move.isError && !refusal.amount ? (
        <FailureNotice>{refusal.page ?? t('form.failed')}</FailureNotice>
      ) : null}
      {move.isSuccess ? <MoveResult moved={move.data} /> : null}
    </>
  );
}

/** Issue 30 item 8: staff move the server's clock forward (never in production). */
export function ClockPage() {
  const { t } = useTranslation('clock');
  const can = useStaffPermission();
  // Moving is what the page is for; reading the clock is an operations page's (decision 033).
  const missing = [STAFF_PERMISSIONS.moveClock, STAFF_PERMISSIONS.operations].find(
    (permission) => !can(permission),
  );
  const clock = useServerClock(missing === undefined);

  if (missing !== undefined) return <UnauthorisedPage permission={missing} />;

  return (
    <StaffReport
      className="staff-clock"
      permission={STAFF_PERMISSIONS.operations}
      namespace="clock"
      query={clock}
    >
      {(data) => (
        <>
          <p>{t('now', { time: formatInstant(data.now) })}</p>
          <Offset offsetMs={data.offsetMs} />
          {data.canMove ? <MoveClockForm /> : <p className="notice">{t('fixed')}</p>}
        </>
      )}
    </StaffReport>
  );
}
