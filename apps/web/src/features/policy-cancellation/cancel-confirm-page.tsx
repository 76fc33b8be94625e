import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatDisplayDate } from '@motor/domain';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { Notification } from '../../components/ui/notification';
import { Spinner } from '../../components/ui/spinner';
import { SummaryRow } from '../../components/ui/summary-row';
import { isApiError } from '../../lib/api-client';
import { refetchAfterWrite } from '../../lib/query-client';
import { policyQueryKey } from '../../lib/policy/get-policy';
import type { CancellationDoneState } from '../../lib/policy/cancellation-done';
import { useCommitAdjustment, useCreateCancellation } from './api/cancellation-api';
import { RefundLine } from './refund-line';
import {
  readCancelFormValues,
  toEffectiveAt,
  toStoredReason,
  type CancelFormValues,
} from './cancel-form-values';

// The confirm step (spec 3 §4 "Cancellation", §8): the CAN adjustment is created on arrival so
// the page can say when cover stops and what comes back; confirming commits it (unless the API
// already confirmed it), reloads the policy and goes to cancellation-confirmation. A failure
// opens the error-gone modal; a 409 (the adjustment timed out) says the change can't be confirmed.

function ConfirmCancellation({
  policyId,
  root,
  values,
}: {
  policyId: string;
  root: string;
  values: CancelFormValues;
}) {
  const { t } = useTranslation('cancellation');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateCancellation();
  const commit = useCommitAdjustment();
  const [failure, setFailure] = useState<'gone' | 'stale' | null>(null);
  // Fixed on arrival: the day chosen may begin while the page is open.
  const [effectiveAt] = useState(() => toEffectiveAt(values.when, new Date()));
  const isImmediate = effectiveAt === undefined;
  // One adjustment per visit, even when effects run twice (React's strict mode).
  const created = useRef(false);

  useEffect(() => {
    if (created.current) return;
    created.current = true;
    create.mutate({ policyId, effectiveAt, reason: toStoredReason(values) });
  }, [create, policyId, effectiveAt, values]);

  const formPath = `${root}/cancel`;
  const backToForm = (
    <Link to={formPath} state={values}>
      {t('confirm.back')}
    </Link>
  );

  if (create.isError) {
    return (
      <>
        <Notification variant="critical" isAlert>
          {t('confirm.createFailed')}
        </Notification>
        <p>{backToForm}</p>
      </>
    );
  }
  const adjustment = create.data;
  if (!adjustment) return <Spinner isBlock label={t('confirm.loading')} />;

  const confirm = async () => {
    try {
      if (!adjustment.confirmed) await commit.mutateAsync(adjustment.adjustmentId);
    } catch (error) {
      setFailure(isApiError(error) && error.status === 409 ? 'stale' : 'gone');
      return;
    }
    const done: CancellationDoneState = {
      effectiveAt: isImmediate ? null : adjustment.effectiveAt,
      amountDue: adjustment.amountDue,
    };
    // Leave first: once reloaded, a cancelled policy no longer has this route.
    void navigate(`${root}/cancellation-confirmation`, { state: done, replace: true });
    void refetchAfterWrite(queryClient, policyQueryKey(policyId));
  };

  return (
    <>
      <dl className="summary-list">
        <SummaryRow term={t('confirm.coverStops')}>
          {isImmediate
            ? t('confirm.stopsNow')
            : t('confirm.stopsOn', { date: formatDisplayDate(adjustment.effectiveAt) })}
        </SummaryRow>
        <SummaryRow term={t('confirm.money')}>
          <RefundLine amountDue={adjustment.amountDue} />
        </SummaryRow>
        {values.reason ? (
          <SummaryRow term={t('confirm.reason')}>
            {t(`reasons.${values.reason}`)}
            {values.reason === 'Other' ? `: ${values.details.trim()}` : ''}
          </SummaryRow>
        ) : null}
      </dl>
      {failure === 'stale' ? (
        <Notification variant="critical" title={t('confirm.staleTitle')} isAlert>
          <p>{t('confirm.stale')}</p>
          <Link to={formPath} state={values}>
            {t('confirm.startAgain')}
          </Link>
        </Notification>
      ) : (
        <div className="cancel-flow__actions">
          <Button variant="critical" onClick={() => void confirm()} disabled={commit.isPending}>
            {t('confirm.confirm')}
          </Button>
          {backToForm}
        </div>
      )}
      <Modal
        isOpen={failure === 'gone'}
        onClose={() => setFailure(null)}
        title={t('errorGone.title')}
        closeLabel={t('errorGone.close')}
      >
        <p>{t('errorGone.content')}</p>
      </Modal>
    </>
  );
}

export function CancelConfirmPage({ policyId, root }: { policyId: string; root: string }) {
  const { t } = useTranslation('cancellation');
  const values = readCancelFormValues(useLocation().state);
  // Opened without the form's answers (a new tab, a bookmark): start at the form.
  if (!values) return <Navigate to={`${root}/cancel`} replace />;
  return (
    <section className="cancel-flow" aria-labelledby="cancel-confirm-title">
      <div className="page-header">
        <h1 id="cancel-confirm-title">{t('confirm.title')}</h1>
      </div>
      <ConfirmCancellation policyId={policyId} root={root} values={values} />
    </section>
  );
}
