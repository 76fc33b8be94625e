import { Gauge, type Registry } from 'prom-client';
import type { ServiceDeps } from '../../app-types';
import { listPendingRefunds } from '../../modules/billing';
import { countCollectionsByStatus } from '../../modules/payment';
import { countPoliciesByStatus } from '../../modules/policy';
import { countProposalsByStatus } from '../../modules/proposal';
import { listOpenFindings } from '../collect-payments';

// The business's figures, read from the database at each scrape (so every API process reports
// the same: aggregate them with max, not sum). Each comes from the module that owns its records.
// Rates (quotes or binds a minute) are the change of these totals over time.

type GaugeSpec = {
  name: string;
  help: string;
  labelNames?: string[];
  /** Sets the gauge's values (it starts each scrape empty: a status gone is not left behind). */
  read: (gauge: Gauge) => Promise<void>;
};

function addGauge(registry: Registry, spec: GaugeSpec): void {
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames ?? [],
    registers: [registry],
    async collect() {
      this.reset();
      await spec.read(this);
    },
  });
}

export function collectBusinessFigures(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  registry: Registry,
): void {
  const bySchemeAndStatus = (
    name: string,
    help: string,
    count: typeof countPoliciesByStatus,
  ): GaugeSpec => ({
    name,
    help,
    labelNames: ['scheme', 'status'],
    async read(gauge) {
      for (const row of await count(deps.db)) {
        gauge.set({ scheme: row.schemeCode, status: row.status }, row.count);
      }
    },
  });
  addGauge(
    registry,
    bySchemeAndStatus(
      'motor_quotes',
      'Proposals (quotes) by scheme and status; POLICY ones were bound.',
      countProposalsByStatus,
    ),
  );
  addGauge(
    registry,
    bySchemeAndStatus(
      'motor_policies',
      'Policies by scheme and status (NTU: not taken up; CANCELLED includes non-payment).',
      countPoliciesByStatus,
    ),
  );
  addGauge(registry, {
    name: 'motor_collections',
    help:
      'Payments asked of providers by method (CARD, DIRECT_DEBIT) and status; at_purchase="true" ' +
      'are first payments of a quote, how policies are bought (binds by method).',
    labelNames: ['method', 'status', 'at_purchase'],
    async read(gauge) {
      for (const row of await countCollectionsByStatus(deps.db)) {
        const labels = { method: row.provider, status: row.status };
        gauge.inc({ ...labels, at_purchase: String(row.atPurchase) }, row.count);
      }
    },
  });
  addGauge(registry, {
    name: 'motor_refunds_pending',
    help: 'Refunds owed to customers and not yet paid out (queued for staff included).',
    async read(gauge) {
      gauge.set((await listPendingRefunds(deps.db, { queued: true })).length);
    },
  });
  addGauge(registry, {
    name: 'motor_refunds_pending_oldest_age_seconds',
    help: "Age of the oldest refund not yet paid out, by the app's clock (0: none pending).",
    async read(gauge) {
      const pending = await listPendingRefunds(deps.db, { queued: true });
      const oldest = Math.min(...pending.map((refund) => refund.createdAt.getTime()));
      gauge.set(pending.length ? (deps.clock.now().getTime() - oldest) / 1000 : 0);
    },
  });
  addGauge(registry, {
    name: 'motor_reconciliation_findings_open',
    help: 'Differences the daily reconciliation found and staff have not resolved, by kind.',
    labelNames: ['kind'],
    async read(gauge) {
      for (const finding of await listOpenFindings(deps.db)) gauge.inc({ kind: finding.kind });
    },
  });
}
