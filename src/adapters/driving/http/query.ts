export class MalformedQueryError extends Error {}

// Keys that would reach an object's prototype if an adapter copied them naively.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const BRACKETED = /^([^[\]]+)\[[^\]]*\]/;

function decode(component: string): string {
  // Most names and values carry no escapes, and decodeURIComponent would only copy them.
  if (!component.includes('%') && !component.includes('+')) return component;
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    throw new MalformedQueryError('query string has invalid percent-encoding');
  }
}

/**
 * Parses a query string strictly: bad percent-encoding throws, a repeated name
 * keeps every value (an array), and a bracketed name such as `token[a]` becomes
 * an object marker under its base name, so the input schema can name the fault.
 */
export function parseQuery(search: string): Record<string, unknown> {
  // A plain object, not a null-prototype one (a dictionary, several times slower to fill): no name that
  // reaches the prototype is ever stored, and a name is only read back as an own property.
  const query: Record<string, unknown> = {};
  if (search === '') return query;
  for (const pair of search.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const bracketed = BRACKETED.exec(rawName);
    const name = bracketed?.[1] ?? rawName;
    if (UNSAFE_KEYS.has(name)) continue;
    const previous = Object.hasOwn(query, name) ? query[name] : undefined;
    if (bracketed) query[name] = {};
    else if (previous === undefined) query[name] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else if (typeof previous === 'string') query[name] = [previous, value];
  }
  return query;
}
