import { describe, expect, it } from 'vitest';
import { OPERATIONS, catalog, type AnyOperation } from '../../../src/adapters/driving/contract/catalog.js';
// Loaded with the file, not inside a test: Stryker counts the module-level code this
// loads as static (which its config ignores) only if no test is running when it loads.
import { testService } from '../../support/service.js';

/** Whether an operation's schema has been built: a getter until its first read, a plain value from then on. */
const built = (operation: AnyOperation, key: 'input' | 'output'): boolean =>
  'value' in (Object.getOwnPropertyDescriptor(operation, key) ?? {});

// One module graph per test file: these tests run in order on a catalog that nothing else has read.
describe("the catalog's schemas", () => {
  it('are not built when the catalog loads', () => {
    expect(OPERATIONS.filter(([, operation]) => built(operation, 'input') || built(operation, 'output'))).toEqual([]);
  });

  it("are built for one operation on its first read, that operation's alone, and kept as plain values", () => {
    const { now } = catalog.unixTimestamp;
    const input = now.input;
    expect(input).toBe(now.input);
    expect([built(now, 'input'), built(now, 'output')]).toEqual([true, false]);
    expect(
      now.output.parse({ utc: { iso: '1970-01-01T00:00:00Z', unix_seconds: 0, unix_milliseconds: 0 }, source: 'datetime_utc' }),
    ).toEqual({
      utc: { iso: '1970-01-01T00:00:00Z', unix_seconds: 0, unix_milliseconds: 0 },
      source: 'datetime_utc',
    });
    expect(OPERATIONS.filter(([, operation]) => operation !== now && (built(operation, 'input') || built(operation, 'output')))).toEqual(
      [],
    );
  });

  it('are the schemas schemas.ts exports by name, the same objects', async () => {
    const schemas = await import('../../../src/adapters/driving/contract/schemas.js');
    expect([catalog.unixTimestamp.now.input, catalog.unixTimestamp.now.output]).toEqual([schemas.nowInput, schemas.nowOutput]);
    expect(catalog.unixTimestamp.now.output).toBe(schemas.nowOutput);
    expect(catalog.jwt.decode.output).toBe(schemas.decodeOutput);
    expect(catalog.jwt.inspectKey.input).toBe(schemas.inspectKeyInput);
  });

  it('are all plain values once the HTTP service is built, so that no request reads one through a getter', () => {
    testService();
    expect(OPERATIONS.filter(([, operation]) => !built(operation, 'input') || !built(operation, 'output'))).toEqual([]);
  });
});
