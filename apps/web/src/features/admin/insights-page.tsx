import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { InsightsFunnelResponse } from '@motor/contract';
import { londonDateString } from '@motor/domain';
import { TextInput } from '../../components/form/text-input';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { usePageClockOffset } from '../../lib/page-clock';
import { findSchemeByCode } from '../../lib/schemes';
import { useInsightsFunnel } from './api/insights';
import { ReportTable } from '../../components/ui/scrolling-table';
import { STAFF_PERMISSIONS, useStaffPermission } from './permissions';
import { StaffReport } from './staff-report';

type Product = InsightsFunnelResponse['products'][number];

const DAY_MS = 86_400_000;

const COLUMNS = ['step', 'reached', 'conversion', 'dropOff', 'median'];

const percent = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`;

/** "45 s", "3 min 20 s", "2 h 5 min"; a dash when no quote went through both steps. */
function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** i18next reads ':' as a namespace separator: `section:about-you` → `section_about-you`. */
const stepKey = (step: string) => `insights.steps.${step.replace(':', '_')}`;

/** One product's funnel: a chart for the eye (hidden from assistive technology), then the table. */
function ProductFunnel({ product }: { product: Product }): ReactElement {
  const { t } = useTranslation('admin');
  const name = findSchemeByCode(product.schemeCode)?.name ?? product.schemeCode;
  const titleId = useId();
  const bars = product.steps.map((step) => ({
    label: t(stepKey(step.step)),
    reached: step.reached,
  }));
  const rate = (figure: Product['referral']) =>
    figure.rate === null ? t('insights.noRate') : percent(figure.rate);
  return (
    <section className="card insights-product" aria-labelledby={titleId}>
      <h2 id={titleId}>{name}</h2>
      <p>{t('insights.journeys', { count: product.journeys })}</p>
      <div className="insights-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={bars.length * 28 + 40}>
          <BarChart
            data={bars}
            layout="vertical"
            margin={{ left: 8, right: 16 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={140} tick={{ fontSize: 12 }} />
            <Bar dataKey="reached" fill="var(--color-primary, #1c69d4)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ReportTable
        caption={t('insights.caption', { product: name })}
        className="finance-table"
        columns={COLUMNS.map((column) => t(`insights.${column}`))}
      >
        {product.steps.map((step) => (
          <tr key={step.step}>
            <th scope="row">{t(stepKey(step.step))}</th>
            <td>{step.reached}</td>
            <td>{percent(step.conversion)}</td>
            <td>{step.dropOff}</td>
            <td>{duration(step.medianSeconds)}</td>
          </tr>
        ))}
      </ReportTable>
      <ul className="insights-rates">
        <li>{t('insights.referral', { ...product.referral, rate: rate(product.referral) })}</li>
        <li>
          {t('insights.idCheck', { ...product.idCheckRefusal, rate: rate(product.idCheckRefusal) })}
        </li>
      </ul>
    </section>
  );
}

/** The days to show: two dates, checked here and by the server. */
function RangeForm(props: {
  range: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
}): ReactElement {
  const { t } = useTranslation('admin');
  const id = useId();
  const [from, setFrom] = useState(props.range.from);
  const [to, setTo] = useState(props.range.to);
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to || from > to) {
      setError(t('insights.rangeError'));
      return;
    }
    setError(undefined);
    props.onChange({ from, to });
  };
  return (
    <form className="insights-range" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('insights.range')}
      </h2>
      <TextInput
        id={`${id}-from`}
        label={t('insights.from')}
        type="date"
        value={from}
        error={error}
        onChange={setFrom}
      />
      <TextInput id={`${id}-to`} label={t('insights.to')} type="date" value={to} onChange={setTo} />
      <Button type="submit">{t('insights.show')}</Button>
    </form>
  );
}

/**
 * Issue 32 item 2: the quote funnel for staff with access:operations — for a range of days, how
 * many quotes of each product reached each step, the conversion and drop-off between steps, the
 * median time between them, and how often quotes are referred or refused at the identity check.
 */
export function InsightsPage() {
  const { t } = useTranslation('admin');
  const allowed = useStaffPermission()(STAFF_PERMISSIONS.operations);
  const offset = usePageClockOffset();
  const [range, setRange] = useState(() => {
    // The last 30 days on the server's clock (which staff may have moved, outside production).
    const now = Date.now() + offset;
    return {
      from: londonDateString(new Date(now - 29 * DAY_MS)),
      to: londonDateString(new Date(now)),
    };
  });
  const funnel = useInsightsFunnel(range, allowed);

  return (
    <StaffReport
      className="staff-insights"
      permission={STAFF_PERMISSIONS.operations}
      texts="insights"
      query={funnel}
    >
      {(data) => (
        <>
          <RangeForm range={range} onChange={setRange} />
          <p className="text-muted">
            {t('insights.period', { from: formatDate(data.from), to: formatDate(data.to) })}
          </p>
          {data.products.length === 0 ? (
            <p className="card">{t('insights.none')}</p>
          ) : (
            data.products.map((product) => (
              <ProductFunnel key={product.schemeCode} product={product} />
            ))
          )}
        </>
      )}
    </StaffReport>
  );
}
