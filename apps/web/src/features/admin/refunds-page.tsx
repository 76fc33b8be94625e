import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_RESOLUTIONS, type RefundIssueResponse } from '@motor/contract';
import { RadioList } from '../../components/form/radio-list';
import { TextArea } from '../../components/form/text-area';
import { useWrittenReason } from './written-reason';
import { Button } from '../../components/ui/button';
import { readRefusal } from '../../lib/api-refusal';
import { formatPence } from '../../lib/format';
import { useResolveRefundIssue } from './api/refunds';
import { ReportTable } from '../../components/ui/scrolling-table';
import { NamedStaffReport } from './staff-report';
import { FailureNotice } from '../../components/ui/failure-notice';
import { formatLondonDateTime } from './format-instant';

const RESOLVED_COLUMNS = ['refund', 'resolution', 'note', 'by', 'at'];

type Resolution = NonNullable<RefundIssueResponse['resolution']>;

/** One queued refund: what it is, why it waits, and staff's action on it. */
function OpenIssue({ issue }: { issue: RefundIssueResponse }) {
  const { t } = useTranslation('refunds');
  const id = useId();
  const noteId = `${id}-note`;
  const [resolution, setResolution] = useState<Resolution>('PAID_ELSEWHERE');
  const note = useWrittenReason((text) => (text ? undefined : t('form.noteError')));
  const resolve = useResolveRefundIssue();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.take();
    if (text !== null) resolve.mutate({ id: issue.id, resolution, note: text });
  };

  return (
    <article className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('issue.title', { amount: formatPence(issue.amountPence) })}</h3>
      <dl>
        <dt>{t('issue.unsent')}</dt>
        <dd>{formatPence(issue.unsentPence)}</dd>
        <dt>{t('issue.reason')}</dt>
        <dd>{issue.reason}</dd>
        <dt>{t('issue.raisedAt')}</dt>
        <dd>
          <time dateTime={issue.raisedAt}>{formatLondonDateTime(issue.raisedAt)}</time>
        </dd>
        <dt>{t('issue.account')}</dt>
        <dd>
          <code>{issue.accountId}</code>
        </dd>
        <dt>{t('issue.refund')}</dt>
        <dd>
          <code>{issue.refundKey}</code>
        </dd>
      </dl>
      <form onSubmit={onSubmit} noValidate>
        <RadioList
          legend={t('form.legend')}
          name={`${id}-resolution`}
          options={REFUND_RESOLUTIONS}
          value={resolution}
          onChange={setResolution}
          label={(value) =>
            t(value === 'PAID_ELSEWHERE' ? 'form.paidElsewhere' : 'form.writtenOff')
          }
        />
        <TextArea
          field={{ id: noteId, label: t('form.note'), hint: t('form.noteHint'), error: note.error }}
          name="note"
          {...note.input}
        />
        <Button type="submit" disabled={resolve.isPending}>
          {t('form.submit')}
        </Button>
      </form>
      <div role="status">{resolve.isPending ? <p>{t('form.saving')}</p> : null}</div>
      {resolve.isError ? (
        <FailureNotice>{readRefusal(resolve.error)?.message ?? t('form.failed')}</FailureNotice>
      ) : null}
    </article>
  );
}

function ResolvedTable({ issues }: { issues: RefundIssueResponse[] }) {
  const { t } = useTranslation('refunds');
  return (
    <ReportTable
      caption={t('resolved.title')}
      columns={RESOLVED_COLUMNS.map((column) => t(`resolved.${column}`))}
    >
      {issues.map((issue) => (
        <tr key={issue.id}>
          <td>{formatPence(issue.amountPence)}</td>
          <td>{issue.resolution ? t(`resolved.${issue.resolution}`) : null}</td>
          <td>{issue.note}</td>
          <td>{issue.resolvedBy}</td>
          <td>
            {issue.resolvedAt ? (
              <time dateTime={issue.resolvedAt}>{formatLondonDateTime(issue.resolvedAt)}</time>
            ) : null}
          </td>
        </tr>
      ))}
    </ReportTable>
  );
}

/** Issue 30 item 4: the refunds staff queue — never a refund silently pending. */
export function RefundsPage() {
  const { t } = useTranslation('refunds');
  const id = useId();
  return (
    <NamedStaffReport name="refunds" namespace="refunds">
      {({ issues }) => {
        const open = issues.filter((issue) => !issue.resolvedAt);
        const resolved = issues.filter((issue) => issue.resolvedAt);
        return (
          <>
            <section aria-labelledby={`${id}-open`}>
              <h2 id={`${id}-open`}>{t('open.title')}</h2>
              {open.length === 0 ? <p>{t('open.none')}</p> : null}
              {open.map((issue) => (
                <OpenIssue key={issue.id} issue={issue} />
              ))}
            </section>
            {resolved.length > 0 ? (
              <section aria-labelledby={`${id}-resolved`}>
                <h2 id={`${id}-resolved`}>{t('resolved.title')}</h2>
                <ResolvedTable issues={resolved} />
              </section>
            ) : null}
          </>
        );
      }}
    </NamedStaffReport>
  );
}
