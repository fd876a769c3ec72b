import { Readability } from '@mozilla/readability';

/** The little of the DOM used here (the project compiles without the DOM library). */
interface DomElement {
  tagName: string;
  textContent: string | null;
  innerHTML: string;
  children: ArrayLike<DomElement>;
}

interface DomDocument {
  title: string;
  body: DomElement | null;
}

// linkedom's type declarations are written for ES modules; its CommonJS build is what runs here.
const { parseHTML } = require('linkedom') as { parseHTML(html: string): { document: DomDocument } };

const BLOCKS = new Set(['P', 'LI', 'PRE', 'BLOCKQUOTE', 'TR', 'DT', 'DD', 'FIGCAPTION', 'CAPTION']);

/**
 * HTML as plain text in Markdown's shape: headings become `#` lines and blocks become paragraphs,
 * so that chunking can follow the document's sections.
 */
export function htmlToText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const parts: string[] = [];
  // Depth-first in document order with a stack of our own: no recursion on the page's nesting.
  const stack: DomElement[] = document.body ? Array.from(document.body.children).reverse() : [];
  while (stack.length) {
    const child = stack.pop()!;
    const heading = /^H([1-6])$/.exec(child.tagName);
    if (heading) parts.push(`${'#'.repeat(Number(heading[1]))} ${clean(child.textContent)}`);
    else if (BLOCKS.has(child.tagName)) parts.push(clean(child.textContent));
    else for (let i = child.children.length - 1; i >= 0; i--) stack.push(child.children[i]);
  }
  const text = parts.filter(Boolean).join('\n\n');
  return text || clean(document.body?.textContent ?? '');
}

/** The readable article of a web page (navigation, ads and scripts dropped), with its title. */
export function readableArticle(html: string): { title: string | null; text: string } {
  const { document } = parseHTML(html);
  const pageTitle = clean(document.title ?? '') || null;
  // linkedom's document is close enough to the DOM for Readability.
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
  if (article?.content) return { title: clean(article.title ?? '') || pageTitle, text: htmlToText(article.content) };
  return { title: pageTitle, text: htmlToText(document.body?.innerHTML ?? '') };
}

function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}
