export interface JsonScan {
  /** Deeper than the limit: the scan stopped there. */
  readonly tooDeep: boolean;
  /** Some object, at any depth, names one member twice. */
  readonly duplicateMember: boolean;
}

interface Frame {
  readonly keys: Set<string> | undefined;
  expectKey: boolean;
}

/**
 * One pass over JSON text that `JSON.parse` will then read: how deep it nests,
 * and whether an object repeats a member name, which `JSON.parse` silently
 * settles by keeping the last (other parsers keep the first). It assumes the
 * text is JSON; whatever it says of text that is not does not matter, since
 * parsing refuses that text anyway.
 */
export function scanJson(json: string, depthLimit: number): JsonScan {
  const stack: Frame[] = [];
  let duplicateMember = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json.charCodeAt(i);
    if (ch === 0x22) {
      const start = i;
      for (i++; i < json.length && json.charCodeAt(i) !== 0x22; i++) if (json.charCodeAt(i) === 0x5c) i++;
      const top = stack.at(-1);
      if (top?.keys !== undefined && top.expectKey) {
        top.expectKey = false;
        const key = memberName(json.slice(start, i + 1));
        if (top.keys.has(key)) duplicateMember = true;
        top.keys.add(key);
      }
    } else if (ch === 0x7b || ch === 0x5b) {
      if (stack.length >= depthLimit) return { tooDeep: true, duplicateMember };
      stack.push({ keys: ch === 0x7b ? new Set() : undefined, expectKey: ch === 0x7b });
    } else if (ch === 0x7d || ch === 0x5d) {
      stack.pop();
    } else if (ch === 0x2c) {
      const top = stack.at(-1);
      if (top?.keys !== undefined) top.expectKey = true;
    }
  }
  return { tooDeep: false, duplicateMember };
}

// "\u0061" and "a" name the same member.
function memberName(literal: string): string {
  try {
    // The text runs from a quote to the next unescaped one: it parses to a string or throws.
    return JSON.parse(literal) as string;
  } catch {
    return literal;
  }
}
