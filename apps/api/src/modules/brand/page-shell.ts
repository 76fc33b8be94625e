import type { Theme } from '@motor/brand-kit';
import { escapeHtml } from '../../html-page';
import { deploymentBrand } from './registry';

// The server-rendered pages outside the SPA (sign-in, sandbox payment pages, the dev outbox):
// one plain shell in the deployment brand's name and colours, no script (CSP script-src 'self'),
// readable without JavaScript.

function style(colours: Theme['colours']): string {
  return `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#262626;background:#f4f4f4;line-height:1.5}
header{background:${colours.primary};color:${colours.onPrimary};padding:1rem 1.5rem;font-weight:700;font-size:1.125rem}
main{max-width:28rem;margin:2rem auto;padding:2rem;background:#fff;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{color:#555;margin:0 0 .5rem;font-size:.95rem}
input[type=text],input[type=email]{width:100%;padding:.6rem;font-size:1.1rem;border:2px solid #262626;border-radius:2px}
input:focus,button:focus{outline:3px solid #fd0;outline-offset:0;box-shadow:inset 0 0 0 2px #262626}
button{margin-top:1.25rem;padding:.7rem 1.25rem;font-size:1rem;font-weight:600;border:0;border-radius:2px;background:${colours.primary};color:${colours.onPrimary};cursor:pointer;width:100%}
button.secondary{background:#fff;color:${colours.primary};border:2px solid ${colours.primary}}
.error-summary{border:4px solid #b10e1e;padding:1rem;margin-bottom:1rem}
.error-summary h2{font-size:1.1rem;margin:0 0 .5rem}
.error-message{color:#b10e1e;font-weight:600;margin:0 0 .25rem}
.field-error input{border-color:#b10e1e}
.visually-hidden{position:absolute!important;width:1px;height:1px;margin:0;padding:0;overflow:hidden;clip:rect(0 0 0 0);border:0;white-space:nowrap}
.notice{background:${colours.surface};border-left:4px solid ${colours.primary};padding:.75rem 1rem}
`;
}

/** A page in the deployment brand's plain shell: its name in the header, its colours. */
export function renderPage(options: { title: string; body: string }): string {
  const { appName, theme } = deploymentBrand().config;
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} – ${escapeHtml(appName)}</title>
<style>${style(theme.colours)}</style>
</head>
<body>
<header><span>${escapeHtml(appName)}</span></header>
<main id="main-content">
${options.body}
</main>
</body>
</html>`;
}
