import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { UNSUPPORTED_BROWSER_PAGE } from './src/lib/browser-support.ts';

// The unsupported-browser check (docs/decisions/009-unsupported-browsers.md). A browser too old
// for the module bundle never runs it, so the check is a classic ES5 script that index.html runs
// first, and the page it leads to is plain HTML built from the same texts as the React route.

const DEV_SCRIPT_PATH = '/browser-check.js';

/** src/lib/browser-support.ts as a classic script that runs the check. */
function compileCheckScript(root: string): string {
  const source = readFileSync(join(root, 'src/lib/browser-support.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      // ES5 so that even a browser from before ES2015 parses it and is sent on. TypeScript 6
      // marks the target deprecated; it still compiles it.
      target: ts.ScriptTarget.ES5,
      module: ts.ModuleKind.CommonJS,
      ignoreDeprecations: '6.0',
      removeComments: true,
    },
  });
  // The module's exports go into a local object: nothing leaks into the page's globals.
  return `(function (exports) {\n${outputText}\nexports.leaveIfUnsupported(window);\n})({});\n`;
}

type UnsupportedCopy = { title: string; intro: string; browsers: string[]; note: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The unsupported-browser page without any script, from the quote namespace's texts. */
function renderUnsupportedPage(root: string): string {
  const quote = JSON.parse(readFileSync(join(root, 'src/locales/en-GB/quote.json'), 'utf8')) as {
    unsupported: UnsupportedCopy;
  };
  const { title, intro, browsers, note } = quote.unsupported;
  const items = browsers.map((name) => `      <li>${escapeHtml(name)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <style>
      body { margin: 0; font: 1rem/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; }
      main { max-width: 40rem; margin: 0 auto; padding: 2rem 1.25rem; }
      h1 { font-size: 1.75rem; line-height: 1.2; }
      .note { color: #4d4d4d; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      <p>${escapeHtml(intro)}</p>
      <ul>
${items}
      </ul>
      <p class="note">${escapeHtml(note)}</p>
    </main>
  </body>
</html>
`;
}

/**
 * Puts the check first in index.html's head and emits it (content-hashed under assets/, so it is
 * cached for good) with /unsupported-browser.html. The dev server answers both from source.
 */
export function browserCheck(): Plugin {
  let root = '';
  let script = { fileName: DEV_SCRIPT_PATH.slice(1), code: '' };
  return {
    name: 'motor-browser-check',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      const code = compileCheckScript(root);
      const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
      script = { fileName: `assets/browser-check-${hash}.js`, code };
    },
    // Blocking and before the module script: when it sends the browser away, nothing else runs.
    transformIndexHtml: (_html, context) => [
      {
        tag: 'script',
        attrs: { src: context.server ? DEV_SCRIPT_PATH : `/${script.fileName}` },
        injectTo: 'head-prepend',
      },
    ],
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?', 1)[0];
        if (path === DEV_SCRIPT_PATH) {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(compileCheckScript(root));
        } else if (path === UNSUPPORTED_BROWSER_PAGE) {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(renderUnsupportedPage(root));
        } else next();
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
      this.emitFile({
        type: 'asset',
        fileName: UNSUPPORTED_BROWSER_PAGE.slice(1),
        source: renderUnsupportedPage(root),
      });
    },
  };
}
