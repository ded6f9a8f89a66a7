import type { FastifyInstance } from 'fastify';

/**
 * Checks of data that arrives from outside (request bodies, queries, device messages, imported files),
 * each bounded in work whatever the data: no recursion, so no depth of nesting overflows the stack.
 */

/**
 * How deeply a JSON text may nest objects and arrays. The deepest data of ours, a theme document's
 * block properties, nests about ten levels; nothing real comes near this.
 */
const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests deeper than `max`, read before parsing it: parsing 10,000 nested arrays
 * costs milliseconds, and a megabyte of them a second, while this stops at the first level too deep.
 * Strings are skipped whole (brackets in them do not count). Text that is not JSON may answer either
 * way; the parser refuses it after.
 */
function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = endOfString(text, i);
      if (i === -1) return false;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote that closes the string opened at `start`, or -1 when none does. */
function endOfString(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

/** JSON text parsed, or undefined when it is not JSON or nests deeper than MAX_JSON_DEPTH. */
export function parseBoundedJson(text: string): unknown {
  if (nestsDeeperThan(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A NUL character or a lone UTF-16 surrogate (`"\ud800"` in JSON): PostgreSQL stores neither in text
 * or JSON. A surrogate pair is one code point in a `u` regex, so only unpaired halves match.
 */
const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

const isStorableText = (text: string): boolean => !UNSTORABLE_TEXT.test(text);

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
};

/**
 * The path of the first string or key that the database cannot store (see UNSTORABLE_TEXT), at any
 * depth, or undefined. Walked with a stack of its own, in document order.
 */
export function unstorableTextPath(value: unknown): string[] | undefined {
  const stack: Visit[] = [{ value }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const item = visit.value;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(visit);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries = Object.entries(item);
    const badKey = entries.find(([key]) => !isStorableText(key));
    if (badKey) return [...pathOf(visit), badKey[0]];
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
  }
  return undefined;
}

/**
 * Fastify's JSON body parser, behind a look at the text's nesting: a body nested deeper than
 * MAX_JSON_DEPTH is the envelope's 400 before it is parsed, on every route, before any session check
 * or rate limit has work to do.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string)) return done(Object.assign(new Error('JSON nested too deeply'), { statusCode: 400 }), undefined);
    return parse(request, body as string, done);
  });
}
