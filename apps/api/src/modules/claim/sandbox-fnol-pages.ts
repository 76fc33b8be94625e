import { z } from 'zod';
import { CLAIM_TYPES, IsoDateSchema, londonDateString, type ClaimType } from '@motor/domain';
import type { App } from '../../app-types';
import { registerFormPages } from '../../form-pages';
import { errorSummary, escapeHtml, formField } from '../../html-page';
import type { SandboxFnol, SandboxFnolSession } from '../../providers/fnol';
import { renderPage } from '../brand';
import { createDatabaseSandboxStore } from '../payment';
import { findPolicyholderName } from './repository';
import { FUTURE_CLAIM_DATE_MESSAGE, recordOnlineClaim } from './service';

// The sandbox FNOL provider's claim page (what Axitech's hosted page is for a vendor adapter):
// server-rendered, no script (CSP script-src 'self'), no-store (every /sandbox/ answer), GOV.UK
// style errors. The unguessable single-use token in the path is what authorises a submission, so
// another site cannot post a claim (no cookie is involved); form-action 'self' keeps the form here.

const TYPE_LABELS: Record<ClaimType, string> = {
  Accident: 'Accident',
  FireDamage: 'Fire damage',
  StormFloodDamage: 'Storm or flood damage',
  Theft: 'Theft',
  Vandalism: 'Vandalism',
  Windscreen: 'Windscreen',
  Others: 'Something else',
};
const DESCRIPTION_MAX = 1000;

const TokenParams = z.object({ token: z.string().min(1).max(100) });
const ClaimForm = z.object({
  claimType: z.string().max(40).default(''),
  occurredDate: z.string().max(40).default(''),
  description: z.string().max(20_000).default(''),
});
type ClaimFormValues = z.infer<typeof ClaimForm>;
type FormErrors = Partial<Record<keyof ClaimFormValues, string>>;

const PAGE_STYLE = `<style>
select,textarea,input[type=date]{width:100%;padding:.6rem;font-size:1.1rem;border:2px solid #262626;border-radius:2px;font-family:inherit}
.field-error select,.field-error textarea,.field-error input{border-color:#b10e1e}
dl{margin:0 0 1rem}dt{font-weight:600}dd{margin:0 0 .5rem}
</style>`;

function page(options: { title: string; body: string; hasError?: boolean }): string {
  return renderPage({
    title: `${options.hasError ? 'Error: ' : ''}${options.title} (sandbox)`,
    body: `${PAGE_STYLE}\n${options.body}`,
  });
}

function claimPage(
  session: SandboxFnolSession,
  insuredName: string,
  today: string,
  values: ClaimFormValues = { claimType: '', occurredDate: '', description: '' },
  errors: FormErrors = {},
): string {
  const options = [
    `<option value=""${values.claimType === '' ? ' selected' : ''}>Choose one</option>`,
    ...CLAIM_TYPES.map(
      (type) =>
        `<option value="${type}"${values.claimType === type ? ' selected' : ''}>${escapeHtml(TYPE_LABELS[type])}</option>`,
    ),
  ].join('');
  return page({
    title: 'Make a claim',
    hasError: Object.keys(errors).length > 0,
    body: `${errorSummary(errors)}
<p class="notice">Sandbox claims provider: no real claim is made.</p>
<h1>Make a claim</h1>
<dl>
<dt>Policy</dt><dd>${escapeHtml(session.policy.policyNumber)}</dd>
<dt>Policyholder</dt><dd>${escapeHtml(insuredName || '–')}</dd>
</dl>
<form method="post" action="/sandbox/fnol/${escapeHtml(session.token)}" novalidate>
${formField({
  id: 'claimType',
  label: 'What happened?',
  error: errors.claimType,
  control: (aria) => `<select id="claimType" name="claimType"${aria}>${options}</select>`,
})}
${formField({
  id: 'occurredDate',
  label: 'When did it happen?',
  hint: 'For example, 2026-03-01',
  error: errors.occurredDate,
  control: (aria) =>
    `<input type="date" id="occurredDate" name="occurredDate"${aria} max="${today}" value="${escapeHtml(values.occurredDate)}">`,
})}
${formField({
  id: 'description',
  label: 'Tell us briefly what happened',
  hint: `Up to ${DESCRIPTION_MAX} characters. We will call you for the details.`,
  error: errors.description,
  control: (aria) =>
    `<textarea id="description" name="description"${aria} rows="5" maxlength="${DESCRIPTION_MAX}">${escapeHtml(values.description)}</textarea>`,
})}
<button type="submit">Submit claim</button>
</form>
<p>Rather talk to us? Call ${escapeHtml(session.telephone)} or e-mail <a href="mailto:${escapeHtml(session.email)}">${escapeHtml(session.email)}</a>.</p>
<p><a href="${escapeHtml(session.privacyPolicyUrl)}">How we use your information</a></p>
<p><a href="${escapeHtml(session.callbackUrl)}">Cancel and go back</a></p>`,
  });
}

const notOpenPage = () =>
  page({
    title: 'Claim link not available',
    body: '<h1>This claim link has expired or was already used</h1><p>Go back to your policy and start again, or call us.</p>',
  });

/** Checks the form; the claim to record, or the errors to show. */
function readForm(
  values: ClaimFormValues,
  today: string,
): { errors: FormErrors } | { claimType: ClaimType; occurredDate: string; description: string } {
  const errors: FormErrors = {};
  const claimType = CLAIM_TYPES.find((type) => type === values.claimType);
  if (!claimType) errors.claimType = 'Choose what happened';
  const occurredDate = values.occurredDate.trim();
  if (!occurredDate) errors.occurredDate = 'Enter the date it happened';
  else if (!IsoDateSchema.safeParse(occurredDate).success) {
    errors.occurredDate = 'Enter a real date, for example 2026-03-01';
  } else if (occurredDate > today) errors.occurredDate = FUTURE_CLAIM_DATE_MESSAGE;
  const description = values.description.trim();
  if (!description) errors.description = 'Tell us briefly what happened';
  else if (description.length > DESCRIPTION_MAX) {
    errors.description = `Use ${DESCRIPTION_MAX} characters or fewer`;
  }
  if (Object.keys(errors).length > 0 || !claimType) return { errors };
  return { claimType, occurredDate, description };
}

function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/** GET/POST /sandbox/fnol/{token}, mounted when the sandbox FNOL provider is in use. */
export async function sandboxFnolPages(app: App, sandbox: SandboxFnol): Promise<void> {
  sandbox.connectStore(createDatabaseSandboxStore(app.db, () => app.clock.now()));
  await registerFormPages(app, (pages) => {
    pages.get(
      '/sandbox/fnol/:token',
      { schema: { hide: true, params: TokenParams } },
      async (request, reply) => {
        const now = app.clock.now();
        const session = await sandbox.findOpenSession(request.params.token, now);
        reply.type('text/html; charset=utf-8');
        if (!session) return reply.code(404).send(notOpenPage());
        const insuredName = await findPolicyholderName(app.db, session.policy.policyId);
        return reply.send(claimPage(session, insuredName, londonDateString(now)));
      },
    );

    pages.post(
      '/sandbox/fnol/:token',
      { schema: { hide: true, params: TokenParams, body: ClaimForm } },
      async (request, reply) => {
        const now = app.clock.now();
        const session = await sandbox.findOpenSession(request.params.token, now);
        reply.type('text/html; charset=utf-8');
        if (!session) return reply.code(404).send(notOpenPage());
        const today = londonDateString(now);
        const form = readForm(request.body, today);
        const insuredName = await findPolicyholderName(app.db, session.policy.policyId);
        if ('errors' in form) {
          return reply
            .code(400)
            .send(claimPage(session, insuredName, today, request.body, form.errors));
        }
        const claim = await recordOnlineClaim(app, {
          policyId: session.policy.policyId,
          insuredName,
          customerReference: session.customerReference,
          actorReference: session.actorReference,
          ...form,
        });
        await sandbox.closeSession(session.token, claim.claimReference);
        return reply.redirect(
          withQuery(session.callbackUrl, 'claimReference', claim.claimReference),
          303,
        );
      },
    );
  });
}
