import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ReinstatementResponse } from '@motor/contract';
import { RadioList } from '../../components/form/radio-list';
import { TextArea } from '../../components/form/text-area';
import { useWrittenReason } from './written-reason';
import { Button } from '../../components/ui/button';
import { SummaryRow } from '../../components/ui/summary-row';
import { readRefusal } from '../../lib/api-refusal';
import { formatDate, formatPence } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useReinstate, useReinstatement } from './api/reinstatement';
import { isForbidden, STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { UnauthorisedPage } from './unauthorised-page';
import { FailureNotice } from '../../components/ui/failure-notice';

// Issue 35 item 3 (decision 042): staff with action:reinstate see whether a cancelled policy can
// go back on cover, what the customer owes first, the two ways back, and confirm with a reason.

type Cover = ReinstatementResponse['options'][number]['cover'];

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** One way back on cover: what it is, from when (and the gap it leaves), and its price. */
function CoverOption({ option }: { option: ReinstatementResponse['options'][number] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <strong>{t(`reinstate.option.${option.cover}.title`)}</strong>{' '}
      {option.gap
        ? t('reinstate.option.GAP.explain', {
            from: when(option.gap.from),
            to: when(option.gap.to),
          })
        : t('reinstate.option.BACKDATED.explain', {
            from: when(option.coverFrom),
          })}{' '}
      {option.premiumPence >= 0
        ? t('reinstate.charge', { amount: formatPence(option.premiumPence) })
        : t('reinstate.credit', { amount: formatPence(-option.premiumPence) })}
    </>
  );
}

export function ReinstatePage() {
  const { t } = useTranslation('admin');
  const { userId = '', policyId = '' } = useParams();
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.reinstate);
  const view = useReinstatement(policyId, allowed);
  const reinstate = useReinstate(policyId);
  const id = useId();
  const reasonId = `${id}-reason`;
  const resultRef = useRef<HTMLDivElement>(null);
  const [cover, setCover] = useState<Cover>('BACKDATED');
  const reason = useWrittenReason((text) =>
    text.length < 5 ? t('reinstate.reasonError') : undefined,
  );

  useEffect(() => {
    if (reinstate.isSuccess || reinstate.isError) resultRef.current?.focus();
  }, [reinstate.isSuccess, reinstate.isError]);

  if (!allowed || isForbidden(view.error)) {
    return <UnauthorisedPage permission={STAFF_PERMISSIONS.reinstate} />;
  }
  const back = (
    <p>
      <Link className="standalone-link" to={paths.adminCustomer(userId)}>
        {t('reinstate.back')}
      </Link>
    </p>
  );
  if (view.isPending) {
    return (
      <div className="page-header">
        {back}
        <p role="status">{t('reinstate.loading')}</p>
      </div>
    );
  }
  if (view.isError || !view.data) {
    return (
      <div className="page-header">
        {back}
        <h1>{t('reinstate.title')}</h1>
        <FailureNotice>{readRefusal(view.error)?.message ?? t('reinstate.failed')}</FailureNotice>
      </div>
    );
  }
  const data = view.data;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.take();
    if (text !== null) reinstate.mutate({ cover, reason: text });
  };

  return (
    <div className="page-header staff-reinstate">
      {back}
      <h1>{t('reinstate.heading', { policyNumber: data.policyNumber })}</h1>
      <dl className="summary-list">
        <SummaryRow term={t('reinstate.status')}>{data.status}</SummaryRow>
        {data.cancelledAt ? (
          <SummaryRow term={t('reinstate.cancelledAt')}>{when(data.cancelledAt)}</SummaryRow>
        ) : null}
        {data.cancellationKind ? (
          <SummaryRow term={t('reinstate.why')}>
            {t(`reinstate.kind.${data.cancellationKind}`)}
          </SummaryRow>
        ) : null}
        {data.windowEndsAt ? (
          <SummaryRow term={t('reinstate.windowEndsAt')}>
            {formatDate(data.windowEndsAt)}
          </SummaryRow>
        ) : null}
        <SummaryRow term={t('reinstate.owed')}>{formatPence(data.amountOwedPence)}</SummaryRow>
        {data.pendingRefundPence > 0 ? (
          <SummaryRow term={t('reinstate.pendingRefund')}>
            {formatPence(data.pendingRefundPence)}
          </SummaryRow>
        ) : null}
      </dl>

      {reinstate.isSuccess ? (
        <div ref={resultRef} tabIndex={-1} role="status" className="notice">
          <p>
            {t(reinstate.data.gap ? 'reinstate.doneGap' : 'reinstate.doneBackdated', {
              policyNumber: reinstate.data.policyNumber,
              from: when(reinstate.data.coverFrom),
            })}
          </p>
          <Link className="standalone-link" to={paths.adminCustomer(userId)}>
            {t('reinstate.back')}
          </Link>
        </div>
      ) : data.refusal ? (
        <div className="notice notice--critical" role="alert">
          <h2>{t('reinstate.refusedHeading')}</h2>
          <p>{data.refusal.message}</p>
          {data.refusal.code === 'BALANCE_OWED' ? <p>{t('reinstate.takePayment')}</p> : null}
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <RadioList
            legend={t('reinstate.legend')}
            name={`${id}-cover`}
            options={data.options.map((option) => option.cover)}
            value={cover}
            onChange={setCover}
            label={(way) => <CoverOption option={data.options.find((o) => o.cover === way)!} />}
          />
          <TextArea
            field={{
              id: reasonId,
              label: t('reinstate.reason'),
              hint: t('reinstate.reasonHint'),
              error: reason.error,
            }}
            name="reason"
            {...reason.input}
          />
          <Button type="submit" disabled={reinstate.isPending}>
            {t('reinstate.submit')}
          </Button>
          <div role="status">{reinstate.isPending ? <p>{t('reinstate.saving')}</p> : null}</div>
          {reinstate.isError ? (
            <div ref={resultRef} tabIndex={-1} role="alert" className="notice notice--critical">
              <p>{readRefusal(reinstate.error)?.message ?? t('reinstate.failed')}</p>
            </div>
          ) : null}
        </form>
      )}
    </div>
  );
}
