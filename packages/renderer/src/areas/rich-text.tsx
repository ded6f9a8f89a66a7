import { createElement, useMemo, type ReactNode } from 'react';

/** Tags an area's rich text is drawn with (the server's allow-list, less what a TV cannot show). */
const TAGS = new Set(['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'span', 'div', 'blockquote', 'pre', 'code', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption']);
/** Elements left out with everything in them; others not in `TAGS` (a link) keep only their text. */
const DROPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'img', 'video', 'audio', 'picture', 'source', 'form', 'button', 'input', 'select', 'textarea']);
const VOID = new Set(['br', 'hr']);

function drawn(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  if (VOID.has(tag)) return createElement(tag, { key });
  const children = Array.from(node.childNodes, drawn);
  return TAGS.has(tag) ? createElement(tag, { key }, ...children) : createElement('span', { key }, ...children);
}

/**
 * Rich text cleaned by the server (records/sanitize.ts), drawn again from its elements on the TV: only
 * formatting, lists and tables, without a single attribute (no links to follow, no styles, no
 * handlers); pictures and videos are left out (their addresses need a console session). The HTML is
 * parsed by an inert DOMParser document, never put in the page as HTML.
 */
export function RichText({ html }: { html: string }) {
  const children = useMemo(() => Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, drawn), [html]);
  return <>{children}</>;
}
