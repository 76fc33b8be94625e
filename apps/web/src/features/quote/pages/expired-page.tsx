import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toInstant } from '@motor/domain';
import { DateInput } from '../../../components/form/date-input';
import { Button } from '../../../components/ui/button';
import type { Proposal } from '../api/get-proposal';
import { useUpdateProposal } from '../api/update-proposal';
import { ProposalHeader } from '../components/proposal-header';

/**
 * An expired quote (spec 2 §4): a new start date reprices it. The answer replaces the cached
 * proposal, so the router shows the configuration page once it is a QUOTE again.
 */
export function ExpiredQuotePage({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  const update = useUpdateProposal(proposal.proposalCode);
  const [startDate, setStartDate] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!startDate) {
      setError(t('expired.startDateRequired'));
      return;
    }
    update.mutate({
      // A London calendar day: the server starts cover at that midnight, or now when it is today.
      changes: [{ changeType: 'START_DATE_CHANGE', startDate: toInstant(startDate).toISOString() }],
      applyRating: true,
      revision: proposal.revision,
    });
  };

  return (
    <div className="quote-page quote-page--narrow">
      <ProposalHeader proposal={proposal} title={t('expired.title')} />
      <p className="lead">{t('expired.intro')}</p>
      <form className="card quote-section" onSubmit={submit} noValidate>
        <DateInput
          id="expired-start-date"
          label={t('expired.startDate')}
          hint={t('expired.startDateHint')}
          error={error}
          value={startDate}
          onChange={(value) => {
            setStartDate(value);
            setError(undefined);
          }}
        />
        <Button type="submit" disabled={update.isPending}>
          {t('expired.submit')}
        </Button>
        {update.isPending ? (
          <p role="status" className="text-muted">
            {t('expired.working')}
          </p>
        ) : null}
      </form>
    </div>
  );
}
