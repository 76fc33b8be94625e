import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ExcessLines } from '../../../components/ui/excess-lines';
import { QuoteSection } from '../../../components/ui/quote-section';
import { Modal } from '../../../components/ui/modal';
import { formatMoney } from '@motor/domain';
import type { Proposal } from '../api/get-proposal';
import { ChoiceList } from './choice-list';

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
    <QuoteSection
      titleId="quote-excess-title"
      title={t('config.excess.title')}
      intro={canChange ? t('config.excess.intro') : t('config.excess.introFixed')}
    >
      <ExcessLines excess={proposal.quote.excess} />
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
    </QuoteSection>
  );
}
