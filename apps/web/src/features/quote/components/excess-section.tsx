import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LineItem, LineItemList } from '../../../components/ui/line-item';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '@motor/domain';
import type { Proposal } from '../api/get-proposal';
import { ChoiceList } from './choice-list';

/** The excess lines of the quote (compulsory, endorsements, voluntary). */
export function ExcessLines({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation('quote');
  return (
    <LineItemList>
      {proposal.quote.excess.map((item) => (
        <LineItem
          key={item.excessCategory}
          header={t(`config.excess.categories.${item.excessCategory}`, {
            defaultValue: item.excessCategory,
          })}
          currentAmount={item.excess}
        />
      ))}
    </LineItemList>
  );
}

/**
 * The excess with a selector in a modal. Choosing the value already on the quote sends nothing;
 * a different one is handed to onSelect (a SELECT_VOLUNTARY_EXCESS change).
 */
export function ExcessSection({
  proposal,
  onSelect,
  isSaving,
}: {
  proposal: Proposal;
  onSelect: (excessPence: number) => Promise<unknown>;
  isSaving: boolean;
}) {
  const { t } = useTranslation('quote');
  const current = proposal.quote.voluntaryExcess ?? 0;
  const options = proposal.quote.voluntaryExcessOptions;
  const [isOpen, setIsOpen] = useState(false);
  const [choice, setChoice] = useState(current);
  const canChange = options.length > 1;

  const open = () => {
    setChoice(current);
    setIsOpen(true);
  };
  const save = async () => {
    try {
      if (choice !== current) await onSelect(choice);
      setIsOpen(false);
    } catch {
      // The error modal explains the failure; the selector stays open to try again.
    }
  };

  return (
    <section className="card quote-section" aria-labelledby="quote-excess-title">
      <h2 id="quote-excess-title">{t('config.excess.title')}</h2>
      <p className="text-muted">
        {canChange ? t('config.excess.intro') : t('config.excess.introFixed')}
      </p>
      <ExcessLines proposal={proposal} />
      {canChange ? (
        <>
          <p>
            {t('config.excess.voluntary')}:{' '}
            <strong>{formatMoney(current, { style: 'short' })}</strong>
          </p>
          <Button variant="inverted" onClick={open}>
            {t('config.excess.change')}
          </Button>
          <Modal
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
            title={t('config.excess.modalTitle')}
          >
            <ChoiceList
              legend={t('config.excess.legend')}
              isLegendHidden
              choices={options.map((value) => ({
                value,
                label: formatMoney(value, { style: 'short' }),
              }))}
              value={choice}
              onChange={setChoice}
            />
            <Button onClick={() => void save()} disabled={isSaving}>
              {t('config.excess.save')}
            </Button>
          </Modal>
        </>
      ) : null}
    </section>
  );
}
