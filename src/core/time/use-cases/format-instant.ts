import type { Clock } from '../../shared/ports/clock.js';
import { DomainError } from '../../shared/errors.js';
import { FORMAT_WRITERS } from '../format-writers.js';
import { parseDisambiguation } from '../zones.js';
import { parseUnit } from './convert-timestamp-to-utc.js';
import { readOperand, requestZone, type OperandBody } from './instant-operands.js';
import { WRITTEN_FORMATS, type WrittenFormat } from '../vocabulary.js';

export interface FormatInput {
  readonly timestamp?: string | undefined;
  readonly datetime?: string | undefined;
  readonly unit?: string | undefined;
  readonly tz?: string | undefined;
  readonly disambiguation?: string | undefined;
}

export type Formatted = OperandBody & {
  readonly formats: Array<{ readonly format: WrittenFormat; readonly value: string }>;
  readonly source: 'format';
};

/**
 * One instant written in every format the service knows (contract §3d), in a
 * fixed order, each value floored to its format's resolution; a format that
 * cannot hold the instant is left out. The instant is `timestamp`, read as
 * `/to-utc` reads it, or `datetime`, read as `/to-unix` reads it; the local
 * formats use the request's zone (`tz`, else a zone `datetime` names in
 * brackets), or UTC.
 *
 * Throws `INSTANT_AMBIGUOUS` unless exactly one of `timestamp` and `datetime`
 * is given, and what `/to-utc` and `/to-unix` throw for it.
 */
export class FormatInstant {
  constructor(private readonly clock: Clock) {}

  execute({ timestamp, datetime, unit, tz, disambiguation }: FormatInput): Formatted {
    if ((timestamp === undefined) === (datetime === undefined)) {
      throw new DomainError('INSTANT_AMBIGUOUS', 'give exactly one of timestamp and datetime: the instant to write');
    }
    if (unit !== undefined) parseUnit(unit);
    parseDisambiguation(disambiguation);
    const name = timestamp === undefined ? 'datetime' : 'timestamp';
    const text = timestamp ?? datetime ?? '';
    const zone = requestZone(tz, { [name]: text });
    const operand = readOperand(name, text, zone, { unit, disambiguation, nowMs: this.clock.nowMs() }, name);
    const moment = {
      unixNs: operand.unixNs,
      exact: operand.body.exact,
      zone,
      local: new Temporal.ZonedDateTime(operand.unixNs, zone ?? 'UTC'),
    };
    const formats = WRITTEN_FORMATS.flatMap((format) => {
      const value = FORMAT_WRITERS[format](moment);
      return value === undefined ? [] : [{ format, value }];
    });
    return { ...operand.body, formats, source: 'format' };
  }
}
