// Server-rendered sign-in pages of the embedded provider. No script at all (CSP script-src
// 'self'; the pages work without JavaScript); GOV.UK-style errors: a summary with role=alert,
// the message linked to its field with aria-describedby and a visually hidden "Error:" prefix.

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export const BRAND_NAME = 'BMW Insurance';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#262626;background:#f4f4f4;line-height:1.5}
header{background:#1c69d4;color:#fff;padding:1rem 1.5rem;font-weight:700;font-size:1.125rem}
main{max-width:28rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{color:#555;margin:0 0 .5rem;font-size:.95rem}
input[type=text],input[type=email]{width:100%;padding:.6rem;font-size:1.1rem;border:2px solid #262626;border-radius:2px}
input:focus,button:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #262626}
button{margin-top:1.25rem;padding:.7rem 1.25rem;font-size:1rem;font-weight:600;border:0;border-radius:2px;background:#1c69d4;color:#fff;cursor:pointer;width:100%}
button.secondary{background:#fff;color:#1c69d4;border:2px solid #1c69d4}
.error-summary{border:4px solid #b10e1e;padding:1rem;margin-bottom:1rem}
.error-summary h2{font-size:1.1rem;margin:0 0 .5rem}
.error-message{color:#b10e1e;font-weight:600;margin:0 0 .25rem}
.field-error input{border-color:#b10e1e}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:0;padding:0;overflow:hidden;clip:rect(0 0 0 0);border:0;white-space:nowrap}
.notice{background:#eef4fc;border-left:4px solid #1c69d4;padding:.75rem 1rem}
`;

export function renderPage(options: { title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} – ${BRAND_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<header><span>${BRAND_NAME}</span></header>
<main id="main-content">
${options.body}
</main>
</body>
</html>`;
}

function errorSummary(error: string | null, fieldId: string): string {
  if (!error) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1">
<h2 id="error-summary-title">There is a problem</h2>
<p><a href="#${fieldId}">${escapeHtml(error)}</a></p>
</div>`;
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
${error ? `<p class="error-message" id="identifier-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input type="text" id="identifier" name="identifier" autocomplete="username" spellcheck="false" required
 value="${escapeHtml(options.identifier ?? '')}" aria-describedby="identifier-hint${error ? ' identifier-error' : ''}">
</div>
<button type="submit">Send me a code</button>
</form>`,
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
  const error = options.error ?? null;
  return renderPage({
    title: error ? 'Error: Enter your code' : 'Enter your code',
    body: `${errorSummary(error, 'code')}
<h1>Enter your code</h1>
${options.notice ? `<p class="notice" role="status">${escapeHtml(options.notice)}</p>` : ''}
<p>We sent a 6-digit code ${escapeHtml(options.channelText)}. It works for 10 minutes.</p>
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="identifier" value="${escapeHtml(options.identifier)}">
<div class="${error ? 'field-error' : ''}">
<label for="code">Verification code</label>
${error ? `<p class="error-message" id="code-error"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>` : ''}
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required${error ? ' aria-describedby="code-error"' : ''}>
</div>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.resendAction)}">
<input type="hidden" name="identifier" value="${escapeHtml(options.identifier)}">
<button type="submit" class="secondary">Send me a new code</button>
</form>`,
  });
}

export function renderMessagePage(options: { title: string; message: string }): string {
  return renderPage({
    title: options.title,
    body: `<h1>${escapeHtml(options.title)}</h1><p>${escapeHtml(options.message)}</p><p><a href="/">Go to the home page</a></p>`,
  });
}
