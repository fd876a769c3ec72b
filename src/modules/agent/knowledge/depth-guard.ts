import { tooDeep } from './parse-limits';

/**
 * Nesting depth of JSON text, counted by scanning its characters (strings skipped) before it is
 * parsed, so a document nested 50,000 deep is refused without a parser or walk ever recursing.
 */
export function checkJsonDepth(source: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) throw tooDeep('file (JSON)', maxDepth);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
}

// Elements that never have content, and those whose end tag may be left out (the HTML parser
// closes them implicitly): neither nests reliably by counting tags, so neither is counted.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'keygen',
  'frame',
  'basefont',
  'bgsound',
  'image',
]);
const OPTIONAL_END = new Set([
  'html',
  'head',
  'body',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rp',
  'rtc',
  'colgroup',
  'caption',
]);
// Their content is text up to their end tag, whatever it looks like.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'iframe', 'noscript']);

/**
 * Element nesting depth of HTML, counted at the level of tags (open minus close, void and
 * optional-end elements left out) before the document reaches the DOM parser and Readability,
 * whose work grows with depth far faster than with size. One pass, no recursion.
 */
export function checkHtmlDepth(source: string, maxDepth: number): void {
  let depth = 0;
  const lower = source.length < 64 * 1024 * 1024 ? source.toLowerCase() : source;
  let i = lower.indexOf('<');
  while (i !== -1 && i < lower.length) {
    if (lower.startsWith('<!--', i)) {
      const end = lower.indexOf('-->', i + 4);
      if (end === -1) return;
      i = lower.indexOf('<', end + 3);
      continue;
    }
    const closing = lower[i + 1] === '/';
    let j = i + (closing ? 2 : 1);
    const start = j;
    while (j < lower.length && /[a-z0-9-]/.test(lower[j])) j++;
    const name = lower.slice(start, j);
    const end = lower.indexOf('>', j);
    if (end === -1) return;
    if (name && /[a-z]/.test(name[0]) && !VOID.has(name) && !OPTIONAL_END.has(name)) {
      const selfClosing = lower[end - 1] === '/';
      if (closing) depth = Math.max(0, depth - 1);
      else if (!selfClosing) {
        if (++depth > maxDepth) throw tooDeep('file (HTML)', maxDepth);
        if (RAW_TEXT.has(name)) {
          // Skip to the element's end tag: its content is not markup.
          const close = lower.indexOf(`</${name}`, end + 1);
          if (close === -1) return;
          i = close;
          continue;
        }
      }
    }
    i = lower.indexOf('<', end + 1);
  }
}
