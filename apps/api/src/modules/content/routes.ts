import { PRODUCT_DOCUMENT_TYPES } from '@motor/contract';
import { deploymentBrand } from '../brand';
import type { AppPlugin } from '../../app-types';
import { COVER_PAGES, createExposurePage, OPTIONAL_COVER_PAGES } from './cover-pages';
import { buildProductDocument } from '../document';
import { getSchemeFacts } from '../disclosure';
import { createQuestionPages } from './question-pages';
import { createStaticPages } from './static-pages';
import { renderContentPage, renderContentStylesheet, type ContentPage } from './render';

const STYLESHEET = 'content.css';

/**
 * Only these pages may be framed, and only by our own origin (the help modal's iframe); they run
 * no script and load nothing but their stylesheet.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** 'BMW or MINI'; 'A, B or C'. */
function listInWords(words: readonly string[]): string {
  if (words.length < 2) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** Every page under the content base, by path without '.html'. */
export function listContentPages(): Map<string, ContentPage> {
  const brand = deploymentBrand();
  const pages = new Map<string, ContentPage>();
  const add = (folder: string, entries: Record<string, ContentPage>) => {
    for (const [name, page] of Object.entries(entries)) pages.set(`${folder}/${name}`, page);
  };
  const { schemes } = brand.config;
  const subscription = schemes.find((scheme) => scheme.productKind !== 'DRIVEAWAY') ?? schemes[0];
  add(
    'questions',
    createQuestionPages({
      makes: listInWords(brand.makes),
      subscriptionName: subscription?.name ?? brand.config.appName,
    }),
  );
  add('covers', COVER_PAGES);
  add('optional-covers', OPTIONAL_COVER_PAGES);
  add(
    'exposures',
    Object.fromEntries(schemes.map((scheme) => [scheme.urlName, createExposurePage(scheme)])),
  );
  add('static', createStaticPages(brand.documentCopy.legalEntities));
  // documents/{productUrlName}/{type}: the scheme's product and static documents (spec 3 §7).
  for (const scheme of brand.config.schemes) {
    const facts = getSchemeFacts(scheme.schemeCode);
    const types = new Set([
      ...facts.quoteDocuments.product,
      ...Object.values(facts.quoteDocuments.covers).flatMap((docs) => docs ?? []),
      ...facts.quoteDocuments.static,
    ]);
    for (const doc of PRODUCT_DOCUMENT_TYPES.filter((type) => types.has(type))) {
      const document = buildProductDocument({ doc, schemeCode: scheme.schemeCode });
      pages.set(`documents/${facts.urlName}/${doc}`, {
        title: `${document.title}: ${scheme.name}`,
        paragraphs: [document.subtitle, ...document.intro],
        sections: document.sections,
      });
    }
  }
  return pages;
}

/**
 * Help and wording content under the brand's contentBaseUrl (spec 1 §7): questions/{helpLink}.html,
 * covers/{code}.html, optional-covers/{code}.html, exposures/{productUrlName}.html and
 * documents/{productUrlName}/{type}.html (IPID, wordings, terms of business). Rendered
 * once at start: the content is static.
 */
export const contentRoutes: AppPlugin = async (app) => {
  const brand = deploymentBrand().config;
  const stylesheetPath = `${brand.contentBaseUrl}/${STYLESHEET}`;
  const html = new Map(
    [...listContentPages()].map(([name, page]) => [
      name,
      renderContentPage(page, { appName: brand.appName, stylesheet: stylesheetPath }),
    ]),
  );
  const stylesheet = renderContentStylesheet(brand.theme);
  const notFound = renderContentPage(
    {
      title: 'Page not found',
      paragraphs: ['Sorry, we could not find this help page. Please chat to us instead.'],
    },
    { appName: brand.appName, stylesheet: stylesheetPath },
  );

  app.get(
    '/*',
    { config: { access: ['public'] }, schema: { hide: true } },
    async (request, reply) => {
      // A helpLink may hold a slash ('optional-covers/legal_expenses'), sent encoded or not.
      const name = decodeURIComponent((request.params as { '*': string })['*']);
      reply
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'public, max-age=300');
      if (name === STYLESHEET) return reply.type('text/css; charset=utf-8').send(stylesheet);
      const page = name.endsWith('.html') ? html.get(name.slice(0, -'.html'.length)) : undefined;
      return reply
        .code(page ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(page ?? notFound);
    },
  );
};
