import { readFileSync } from 'node:fs';

/** The documents whose examples the tests replay: the README and the API reference. */
export const DOCUMENTS = ['README.md', 'docs/api.md'] as const;

export const documentText = (document: (typeof DOCUMENTS)[number]): string =>
  readFileSync(new URL(`../../${document}`, import.meta.url), 'utf8');

/** Every `$ curl -s '<url>'` example of a document's text (a POST with `--json '<body>'`), with the answer on the line after it. */
export const examplesOf = (text: string) =>
  [...text.matchAll(/^\$ curl -s '(http:\/\/localhost:3000[^']+)'(?: --json '([^']+)')?\n(.+)$/gm)].map(
    ([, url = '', body, answer = '']) => [new URL(url), answer, body] as const,
  );

/** One `$ curl` command of a document, whatever its form, as the request it sends. */
export interface CurlCommand {
  /** Its 1-based line in the document. */
  readonly line: number;
  readonly method: 'GET' | 'POST';
  readonly url: URL;
  /** The body of a POST, as sent. */
  readonly body?: string;
}

/** A command line's words as a POSIX shell splits them (single and double quotes), up to a pipe or a here-document. */
function wordsOf(command: string): { words: string[]; hereDocument: boolean } {
  const words: string[] = [];
  for (const [word = '', single, double, bare] of command.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) {
    if (bare === '|') return { words, hereDocument: false };
    if (bare?.startsWith('<<')) return { words, hereDocument: true };
    words.push(single ?? double?.replace(/\\(.)/g, '$1') ?? bare ?? word);
  }
  return { words, hereDocument: false };
}

/**
 * Every `$ curl` command of a document's text, in every form the documents write one: a URL alone, `--json`,
 * `-X POST` with `-d` (on a continued line or not), `--get` with `--data-urlencode`, and a body on a here-document
 * (`--data @- <<'EOF'`). An option this reader does not know throws, so that a new form is read or noticed, never
 * skipped.
 */
export function curlCommandsOf(text: string): CurlCommand[] {
  const lines = text.split('\n');
  const commands: CurlCommand[] = [];
  lines.forEach((first, index) => {
    if (!first.startsWith('$ curl ')) return;
    let command = first;
    let next = index + 1;
    while (command.endsWith('\\')) command = `${command.slice(0, -1)} ${(lines[next++] ?? '').trim()}`;
    const { words, hereDocument } = wordsOf(command.slice('$ curl '.length));
    let method: 'GET' | 'POST' | undefined;
    let url: URL | undefined;
    let body: string | undefined;
    let get = false;
    const encoded: string[] = [];
    for (let at = 0; at < words.length; at++) {
      const word = words[at] ?? '';
      const argument = () => words[++at] ?? '';
      if (word === '-s' || word === '--silent') continue;
      if (word === '-H' || word === '--header') argument();
      else if (word === '-X' || word === '--request') method = argument() === 'POST' ? 'POST' : 'GET';
      else if (word === '--get' || word === '-G') get = true;
      else if (word === '--data-urlencode') encoded.push(argument());
      else if (word === '-d' || word === '--data' || word === '--json') {
        const data = argument();
        if (data !== '@-') body = data;
        else if (hereDocument) body = lines.slice(next, lines.indexOf('EOF', next)).join('\n');
        else throw new Error(`line ${index + 1}: a body on standard input without a here-document`);
        method = 'POST';
      } else if (word.startsWith('-')) throw new Error(`line ${index + 1}: curl option ${word} is not read by curlCommandsOf`);
      else url = new URL(word);
    }
    if (url === undefined) throw new Error(`line ${index + 1}: a curl command without a URL`);
    for (const pair of encoded) {
      const equals = pair.indexOf('=');
      url.searchParams.append(pair.slice(0, equals), pair.slice(equals + 1));
    }
    if (get && body !== undefined) throw new Error(`line ${index + 1}: --get with a body`);
    commands.push({ line: index + 1, method: get ? 'GET' : (method ?? 'GET'), url, ...(body === undefined ? {} : { body }) });
  });
  return commands;
}

/** One call of the typed client that a document shows (`api.unixTimestamp.toUtc.query({ timestamp: '1700000000' })`). */
export interface ClientCall {
  readonly line: number;
  readonly procedure: string;
  readonly input: unknown;
}

/**
 * Every call of the typed client in a document's TypeScript examples. Their inputs are object literals of
 * bare keys and single-quoted strings, turned into JSON here; anything else in one fails to parse, loudly.
 */
export function clientCallsOf(text: string): ClientCall[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) =>
    [...line.matchAll(/\bapi\.(\w+)\.(\w+)\.(?:query|mutate)\(([^)]*)\)/g)].map(([, group, name, literal = '']) => ({
      line: index + 1,
      procedure: `${group}.${name}`,
      input: literal.trim() === '' ? undefined : jsonOfLiteral(literal),
    })),
  );
}

/** An object literal of bare keys and single-quoted strings as the value it writes: strings set aside, keys quoted, strings put back. */
function jsonOfLiteral(literal: string): unknown {
  const strings: string[] = [];
  const bare = literal.replace(
    /'((?:[^'\\]|\\.)*)'/g,
    (_, inner: string) => `\uE000${strings.push(inner.replace(/\\(.)/g, '$1')) - 1}\uE000`,
  );
  const json = bare
    .replace(/([{,]\s*)(\w+)\s*:/g, '$1"$2":')
    .replace(/\uE000(\d+)\uE000/g, (_, at: string) => JSON.stringify(strings[Number(at)]));
  return JSON.parse(json) as unknown;
}
