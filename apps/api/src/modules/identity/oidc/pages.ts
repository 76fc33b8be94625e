// Server-rendered sign-in pages of the embedded provider. No script at all (CSP script-src
// 'self'; the pages work without JavaScript); GOV.UK-style errors: a summary with role=alert,
// the message linked to its field with aria-describedby and a visually hidden "Error:" prefix.

import { escapeHtml } from '../../../html-page';
import { renderPage } from '../../brand';

function errorSummary(error: string | null, fieldId: string): string {
  if (!error) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<p><a href="#${fieldId}">${escapeHtml(error)}</a></p>
</div>`;
}

function errorMessage(error: string | null, fieldId: string): string {
  if (!error) return '';
  return `<p class="error-message" id="${fieldId}-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>`;
}

function noticeLine(notice: string | null | undefined): string {
  return notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : '';
}

type CodeFormsOptions = {
  action: string;
  resendAction: string;
  identifier: string;
  label: string;
  resendButton: string;
};

/** The code pages' two forms: the 6-digit code (with the identifier) and a new code instead. */
function codeForms(options: CodeFormsOptions & { error: string | null }): string {
  const { error } = options;
  const identifier = `<input type="hidden" name="identifier" value="${escapeHtml(options.identifier)}">`;
  return `<form method="post" action="${escapeHtml(options.action)}" novalidate>
${identifier}
<div class="${error ? 'field-error' : ''}">
<label for="code">${options.label}</label>
${errorMessage(error, 'code')}
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${error ? ' aria-describedby="code-error"' : ''}>
</div>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.resendAction)}">
${identifier}
<button type="submit" class="secondary">${options.resendButton}</button>
</form>`;
}

export function renderIdentifierPage(options: {
  action: string;
  identifier?: string;
  error?: string | null;
}): string {
  const error = options.error ?? null;
  return renderPage({
    title: error ? 'Error: Sign in' : 'Sign in',
    body: `${errorSummary(error, 'identifier')}
<h1>Sign in or create an account</h1>
<p>We will send you a 6-digit code. There is no password to remember.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="${error ? 'field-error' : ''}">
<label for="identifier">Email address or UK mobile number</label>
<p class="hint" id="identifier-hint">For example, name@example.com or 07123 456789</p>
${errorMessage(error, 'identifier')}
<input type="text" id="identifier" name="identifier" autocomplete="username" spellcheck="false" required
 value="${escapeHtml(options.identifier ?? '')}" aria-describedby="identifier-hint${error ? ' identifier-error' : ''}">
</div>
<button type="submit">Send me a code</button>
</form>`,
  });
}

/** A page that asks for a 6-digit code: its heading, what was sent where, and the two forms. */
function renderCodeStep(
  heading: string,
  sent: string,
  options: CodeFormsOptions & { error?: string | null; notice?: string | null },
): string {
  const error = options.error ?? null;
  return renderPage({
    title: error ? `Error: ${heading}` : heading,
    body: `${errorSummary(error, 'code')}
<h1>${heading}</h1>
${noticeLine(options.notice)}
<p>${sent}</p>
${codeForms({ ...options, error })}`,
  });
}

export function renderCodePage(options: {
  action: string;
  resendAction: string;
  identifier: string;
  channelText: string;
  error?: string | null;
  notice?: string | null;
}): string {
  return renderCodeStep(
    'Enter your code',
    `We sent a 6-digit code ${escapeHtml(options.channelText)}. It works for 10 minutes.`,
    { ...options, label: 'Verification code', resendButton: 'Send me a new code' },
  );
}

/** "a•••@example.com": enough for its owner to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * A number typed on a quote is on an e-mail account: before it signs in there, the account's
 * owner confirms with a code sent to that e-mail address.
 */
export function renderLinkCodePage(options: {
  action: string;
  identifier: string;
  email: string;
  error?: string | null;
  notice?: string | null;
}): string {
  return renderCodeStep(
    'Confirm it is your account',
    'Your mobile number is on an account that signs in by e-mail. To sign in with your mobile ' +
      `number from now on, enter the 6-digit code we sent to ${escapeHtml(maskEmail(options.email))}. ` +
      'It works for 10 minutes.',
    {
      ...options,
      action: `${options.action}/link`,
      resendAction: `${options.action}/send`,
      label: 'Code from your e-mail',
      resendButton: 'Start again with a new text message',
    },
  );
}

export function renderMessagePage(options: { title: string; message: string }): string {
  return renderPage({
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p><p><a href="/">Go to the home page</a></p>`,
  });
}
