import type { Theme } from '../brand';
import { escapeHtml } from '../../html-page';

/** One help or wording page: a title, short paragraphs and optional headed lists. */
export type ContentPage = {
  title: string;
  paragraphs: string[];
  sections?: { heading: string; items: string[] }[];
};

/**
 * A static page that reads well on its own and inside the help modal's iframe: no script, one
 * same-origin stylesheet (the CSP of /content allows nothing else).
 */
export function renderContentPage(
  page: ContentPage,
  options: { appName: string; stylesheet: string },
) {
  const sections = (page.sections ?? [])
    .map(
      (section) =>
        `<h2>${escapeHtml(section.heading)}</h2>\n<ul>\n${section.items
          .map((item) => `<li>${escapeHtml(item)}</li>`)
          .join('\n')}\n</ul>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} – ${escapeHtml(options.appName)}</title>
<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
${page.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${sections}
</main>
</body>
</html>
`;
}

/** The pages' stylesheet, from the brand's theme tokens only. */
export function renderContentStylesheet(theme: Theme): string {
  const { colours } = theme;
  return `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:${theme.fontFamily};color:${colours.text};background:${colours.background};line-height:1.5;font-size:1rem}
main{max-width:40rem;padding:${theme.spacing[2]}}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 ${theme.spacing[2]}}
h2{font-size:1.125rem;margin:${theme.spacing[3]} 0 ${theme.spacing[1]}}
p{margin:0 0 ${theme.spacing[2]}}
ul{margin:0 0 ${theme.spacing[2]};padding-left:${theme.spacing[3]}}
li{margin-bottom:${theme.spacing[1]}}
a{color:${colours.primary}}
a:focus{outline:3px solid ${colours.focus};outline-offset:2px}
`;
}
