import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  describePriceLine,
  explainPrice,
  explainPriceMoves,
  type PriceLine,
  type Quote,
} from '@motor/domain';
import { formatPence } from '../../lib/format';
import { CollapsibleSection } from './collapsible-section';
import { ReportTable } from './scrolling-table';

// "What makes up your price" and "What moved your price" (issue 35 item 2): the rating engine's own
// trace told in pounds (@motor/domain's price explanation); staff see the trace itself.

type ExplainedQuote = Pick<Quote, 'priceTrace' | 'taxAmount' | 'totalPremium'>;

const signed = (pence: number) => `${pence < 0 ? '−' : '+'}${formatPence(Math.abs(pence))}`;

function PriceLines(props: {
  lines: PriceLine[];
  totalLabel: string;
  totalPence: number;
  isChange?: boolean;
}): ReactElement {
  const { t } = useTranslation('quote');
  const coverName = (code: string) => t(`covers.${code}`);
  return (
    <dl className="line-items price-explanation__lines">
      {props.lines.map((line) => (
        <div className="line-item" key={`${line.kind}:${describePriceLine(line)}`}>
          <dt className="line-item__header">{describePriceLine(line, coverName)}</dt>
          <dd className="line-item__amount">
            {line.kind === 'start' && !props.isChange
              ? formatPence(line.pence)
              : signed(line.pence)}
          </dd>
        </div>
      ))}
      <div className="line-item price-explanation__total">
        <dt className="line-item__header">{props.totalLabel}</dt>
        <dd className="line-item__amount">
          {props.isChange ? signed(props.totalPence) : formatPence(props.totalPence)}
        </dd>
      </div>
    </dl>
  );
}

/** A row of the trace that is not a factor: its value spans the answer and multiplier columns. */
function TraceRow(props: { label: string; children: ReactNode }): ReactElement {
  return (
    <tr>
      <th scope="row">{props.label}</th>
      <td colSpan={2}>{props.children}</td>
    </tr>
  );
}

/** The trace as rating applied it, for staff acting for a customer (tables, version, minimum). */
function PriceTraceTable({ quote }: { quote: ExplainedQuote }): ReactElement | null {
  const { t } = useTranslation('ui');
  const trace = quote.priceTrace;
  if (!trace) return null;
  return (
    <ReportTable
      caption={t('priceExplanation.trace.caption')}
      isCaptionVisible
      columns={[
        t('priceExplanation.trace.factor'),
        t('priceExplanation.trace.answer'),
        t('priceExplanation.trace.multiplier'),
      ]}
    >
      <TraceRow label={t('priceExplanation.trace.tableVersion')}>{trace.tableVersion}</TraceRow>
      <TraceRow label={t('priceExplanation.trace.base')}>
        {formatPence(trace.basePremiumPence)}
      </TraceRow>
      {trace.factors.map((factor) => (
        <tr key={factor.name}>
          <th scope="row">{factor.name}</th>
          <td>{factor.value ?? '—'}</td>
          <td>×{factor.factor}</td>
        </tr>
      ))}
      <TraceRow label={t('priceExplanation.trace.minimum')}>
        {formatPence(trace.minimumPremiumPence)}
      </TraceRow>
      {trace.optionalCovers.map((cover) => (
        <TraceRow key={cover.code} label={t('priceExplanation.trace.addOn', { code: cover.code })}>
          {formatPence(cover.premiumPence)}
        </TraceRow>
      ))}
    </ReportTable>
  );
}

/**
 * A level-3 section of price lines, closed until asked for. Its lines are put on the page only when
 * opened: closed, the add-ons' names are not there twice.
 */
function PriceSection(props: { title: string; intro: string; children: ReactNode }): ReactElement {
  const [isOpen, setOpen] = useState(false);
  return (
    <CollapsibleSection title={props.title} headingLevel={3} isOpen={isOpen} onToggle={setOpen}>
      {isOpen ? (
        <>
          <p className="text-muted">{props.intro}</p>
          {props.children}
        </>
      ) : null}
    </CollapsibleSection>
  );
}

/**
 * "What makes up your price", closed until asked for: each part of a priced quote's year in
 * pounds, adding up to it. Nothing for a quote with no trace (not priced, or priced before
 * traces were kept). `showTrace`: staff acting for the customer also see the trace.
 */
export function PriceExplanation(props: {
  quote: ExplainedQuote;
  showTrace?: boolean;
}): ReactElement | null {
  const { t } = useTranslation('ui');
  const lines = explainPrice(props.quote);
  if (!lines) return null;
  return (
    <PriceSection title={t('priceExplanation.title')} intro={t('priceExplanation.intro')}>
      <PriceLines
        lines={lines}
        totalLabel={t('priceExplanation.total')}
        totalPence={props.quote.totalPremium}
      />
      {props.showTrace ? <PriceTraceTable quote={props.quote} /> : null}
    </PriceSection>
  );
}

/** A change's review: what moved the price for a year from `before` to `after`, in pounds. */
export function PriceMoves(props: {
  before: ExplainedQuote;
  after: ExplainedQuote;
  showTrace?: boolean;
}): ReactElement | null {
  const { t } = useTranslation('ui');
  const explained = explainPriceMoves(props.before, props.after);
  if (!explained || explained.moves.length === 0) return null;
  return (
    <PriceSection title={t('priceExplanation.movesTitle')} intro={t('priceExplanation.movesIntro')}>
      <PriceLines
        lines={explained.moves}
        totalLabel={t('priceExplanation.movesTotal')}
        totalPence={props.after.totalPremium - props.before.totalPremium}
        isChange
      />
      {explained.ratesChanged ? <p>{t('priceExplanation.ratesChanged')}</p> : null}
      {props.showTrace ? <PriceTraceTable quote={props.after} /> : null}
    </PriceSection>
  );
}
