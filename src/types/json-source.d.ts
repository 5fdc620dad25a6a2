// JSON.parse source text access and JSON.rawJSON (ES2025, shipped in Node 22+);
// TypeScript's ES2023 lib does not declare them yet.
interface JSONReviverContext {
  readonly source?: string;
}

interface RawJSON {
  readonly rawJSON: string;
}

interface JSON {
  parse(text: string, reviver: (this: unknown, key: string, value: unknown, context: JSONReviverContext) => unknown): unknown;
  rawJSON(text: string): RawJSON;
  isRawJSON(value: unknown): value is RawJSON;
}
