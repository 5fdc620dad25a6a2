import type { CliCommand } from '../contract/catalog.js';

type TableLayout = NonNullable<CliCommand['table']>;

/** How terminal output is coloured; each function wraps a piece of text. */
export interface Style {
  readonly key: (text: string) => string;
  readonly string: (text: string) => string;
  readonly number: (text: string) => string;
  readonly literal: (text: string) => string;
  readonly critical: (text: string) => string;
  readonly warning: (text: string) => string;
  readonly info: (text: string) => string;
}

const plain = (text: string): string => text;
export const PLAIN: Style = { key: plain, string: plain, number: plain, literal: plain, critical: plain, warning: plain, info: plain };

const SEVERITY_ORDER = ['critical', 'warning', 'info'] as const;
type Severity = (typeof SEVERITY_ORDER)[number];
const isSeverity = (value: unknown): value is Severity => SEVERITY_ORDER.some((severity) => severity === value);

const plainText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** The value in the colour of its type, shown as `text` (padded, for tables). */
function scalar(value: unknown, style: Style, text: string = plainText(value)): string {
  if (typeof value === 'number' || typeof value === 'bigint') return style.number(text);
  if (typeof value === 'boolean' || value === null || value === undefined) return style.literal(text);
  return style.string(text);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An entry of decode's `explained`, one line: the name, its title and who defines it, and a time claim's UTC. */
function explainedLine(entry: Record<string, unknown>, indent: string, style: Style): string | undefined {
  if ((entry.in !== 'header' && entry.in !== 'payload') || typeof entry.known !== 'boolean' || typeof entry.name !== 'string')
    return undefined;
  const definedBy = Array.isArray(entry.defined_by) && entry.defined_by.length > 0 ? ` (${entry.defined_by.join(', ')})` : '';
  const meaning = entry.known && typeof entry.title === 'string' ? `${entry.title}${definedBy}` : style.literal('unknown');
  const utc = isRecord(entry.utc) && typeof entry.utc.iso === 'string' ? `  ${style.string(entry.utc.iso)}` : '';
  return `${indent}${style.key(`${entry.in} ${entry.name}`)}  ${meaning}${utc}`;
}

function lines(value: unknown, indent: string, style: Style): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}${style.literal('(none)')}`];
    return value.flatMap((entry) => {
      if (isRecord(entry) && isSeverity(entry.severity) && typeof entry.code === 'string') {
        const paint = style[entry.severity];
        return [
          `${indent}${paint(`${entry.severity.toUpperCase()} ${entry.code}`)}  ${typeof entry.message === 'string' ? entry.message : ''}`,
        ];
      }
      const explained = isRecord(entry) ? explainedLine(entry, indent, style) : undefined;
      if (explained !== undefined) return [explained];
      if (isRecord(entry) || Array.isArray(entry)) return [`${indent}-`, ...lines(entry, `${indent}  `, style)];
      return [`${indent}- ${scalar(entry, style)}`];
    });
  }
  if (!isRecord(value)) return [`${indent}${scalar(value, style)}`];
  // As in JSON, a member whose value is undefined is not shown.
  const entries = Object.entries(value).filter(([, inner]) => inner !== undefined);
  const width = Math.max(0, ...entries.map(([key]) => key.length));
  return entries.flatMap(([key, inner]) => {
    const label = style.key(key.padEnd(width));
    if (isRecord(inner) || (Array.isArray(inner) && inner.length > 0))
      return [`${indent}${style.key(key)}`, ...lines(inner, `${indent}  `, style)];
    if (Array.isArray(inner)) return [`${indent}${label}  ${style.literal('(none)')}`];
    return [`${indent}${label}  ${scalar(inner, style)}`];
  });
}

/** The rows as aligned columns under a header, each cell coloured as `scalar` colours it. */
function tableLines(rows: readonly unknown[], columns: readonly string[], indent: string, style: Style): string[] {
  if (rows.length === 0) return [`${indent}${style.literal('(none)')}`];
  const cells = rows.map((row) => columns.map((column) => (isRecord(row) ? row[column] : undefined)));
  const widths = columns.map((column, index) => Math.max(column.length, ...cells.map((row) => plainText(row[index]).length)));
  const line = (row: readonly unknown[], paint: (cell: unknown, padded: string) => string): string =>
    indent +
    row
      .map((cell, index) => paint(cell, index === row.length - 1 ? plainText(cell) : plainText(cell).padEnd(widths[index] ?? 0)))
      .join('  ');
  return [
    line(columns, (_cell, padded) => style.key(padded)),
    ...cells.map((row) => line(row, (cell, padded) => scalar(cell, style, padded))),
  ];
}

/**
 * An answer laid out for a person at a terminal: one field a line, nested
 * objects indented (a JWT's header, claims, derived times and findings), and
 * findings coloured by severity. With a table layout, that list of the answer
 * is shown as aligned columns (identify's candidates). Pipes get the JSON instead.
 */
export function render(value: unknown, style: Style = PLAIN, table?: TableLayout): string {
  if (table === undefined || !isRecord(value) || !Array.isArray(value[table.rows])) return `${lines(value, '', style).join('\n')}\n`;
  const shown = Object.entries(value).flatMap(([key, inner]) =>
    key === table.rows && Array.isArray(inner)
      ? [style.key(key), ...tableLines(inner, table.columns, '  ', style)]
      : lines({ [key]: inner }, '', style),
  );
  return `${shown.join('\n')}\n`;
}
