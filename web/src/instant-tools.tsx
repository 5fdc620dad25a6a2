import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api } from './api.js';
import { CopyButton, FailureNote, Scroll, Section } from './common.js';
import { useAnswer, useDebounced, type Answer } from './hooks.js';
import { FIELD_LABELS, failureForPeople } from './time.js';
import type { Added, Diffed, Formatted } from './types.js';

/** What an instant tool reads: the instant as a date-time (`datetime`, or a `from`), and the request's zone. */
interface Instant {
  readonly operand: string;
  readonly tz: string | undefined;
  readonly disambiguation?: string | undefined;
}

const shownOf = <T,>(answer: Answer<T>): T | undefined =>
  answer.state === 'done' || answer.state === 'loading' ? answer.value : undefined;

/** The instant in every format, asked for once the section is opened: each call costs a rate-limit point. */
function EveryFormat({ operand, tz, disambiguation }: Instant) {
  const [open, setOpen] = useState(false);
  const answer = useAnswer<Formatted>(
    JSON.stringify({ operand, tz, disambiguation, open }),
    open ? async () => (await api()).unixTimestamp.format.query({ datetime: operand, tz, disambiguation }) : undefined,
  );
  const body = shownOf(answer);
  return (
    <details class="every-format" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Every format</summary>
      {answer.state === 'failed' ? <FailureNote failure={failureForPeople(answer.failure)} /> : null}
      {body === undefined ? null : (
        <Scroll label="The instant in every format">
          <table>
            <caption>The instant in every format, each floored to what it holds</caption>
            <thead>
              <tr>
                <th scope="col">Format</th>
                <th scope="col">Value</th>
                <th scope="col">
                  <span class="visually-hidden">Copy</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {body.formats.map(({ format, value }) => (
                <tr key={format}>
                  <th scope="row">
                    <code>{format}</code>
                  </th>
                  <td class="instant">
                    <code>{value}</code>
                  </td>
                  <td>
                    <CopyButton text={value} what={format} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </details>
  );
}

const hoursBetween = (fromMs: number, toMs: number): number => Math.round(((toMs - fromMs) / 3_600_000) * 1000) / 1000;

/** What DST did between the two instants, in words; nothing when it did nothing. */
export function diffWords(body: Diffed): string | undefined {
  const { calendar, time_zone: zone } = body;
  if (calendar.years !== 0 || calendar.months !== 0) return undefined;
  const nominal = (((calendar.weeks * 7 + calendar.days) * 24 + calendar.hours) * 60 + calendar.minutes) * 60 + calendar.seconds;
  const elapsed = body.seconds + (body.seconds < 0 && calendar.nanoseconds !== 0 ? 1 : 0);
  if (nominal === elapsed || calendar.weeks * 7 + calendar.days === 0) return undefined;
  const hours = Math.abs(hoursBetween(0, body.seconds * 1000));
  if (calendar.weeks === 0 && Math.abs(calendar.days) === 1 && calendar.hours === 0 && calendar.minutes === 0 && calendar.seconds === 0) {
    return `This day has ${hours} hours in ${zone}: a change of offset falls in it.`;
  }
  return `A change of offset in ${zone} falls between them: ${calendar.iso} on the calendar is ${body.exact} of elapsed time.`;
}

const KIND_WORDS = { gap: 'is skipped by a change of offset (a gap)', overlap: 'happens twice (an overlap)' };

/** What DST did to a sum, in words; nothing when it did nothing. */
export function addWords(body: Added): string[] {
  const words: string[] = [];
  const { from, result, time_zone: zone, duration } = body;
  const resolution = result.resolution;
  if (resolution !== undefined && resolution.kind !== 'unique') {
    words.push(`The sum's wall-clock time ${KIND_WORDS[resolution.kind]} in ${zone}; read with ${resolution.disambiguation}.`);
  }
  const before = from.local?.offset;
  const after = result.local?.offset;
  if (before !== undefined && after !== undefined && before !== after) {
    const hours = hoursBetween(from.utc.unix_milliseconds, result.utc.unix_milliseconds);
    words.push(
      `The offset changes from ${before} to ${after} in ${zone} on the way, so ${duration} is ${hours} hours of elapsed time here.`,
    );
  }
  return words;
}

type Calculated = { readonly kind: 'diff'; readonly body: Diffed } | { readonly kind: 'add'; readonly body: Added };

/** Difference to a second instant, or the sum with a duration, in the chosen zone, DST said in words. */
function Calculator({ operand, tz, disambiguation }: Instant) {
  const [mode, setMode] = useState<'add' | 'diff'>('add');
  const [other, setOther] = useState('');
  // A duration is no instant, nor the other way round: a new mode starts from an empty field.
  const choose = (next: 'add' | 'diff') => {
    setMode(next);
    setOther('');
  };
  const settled = useDebounced(other, 300);
  // Only a settled field is asked about: right after a change of mode the debounced text is the old mode's.
  const text = settled === other ? settled.trim() : '';
  const call =
    text === ''
      ? undefined
      : mode === 'diff'
        ? async (): Promise<Calculated> => ({
            kind: 'diff',
            body: await (await api()).unixTimestamp.diff.query({ from: operand, to: text, tz, disambiguation }),
          })
        : async (): Promise<Calculated> => ({
            kind: 'add',
            body: await (await api()).unixTimestamp.add.query({ from: operand, duration: text, tz, disambiguation }),
          });
  const answer = useAnswer(JSON.stringify({ operand, tz, disambiguation, mode, text }), call);
  const shown = shownOf(answer);
  const current = shown?.kind === mode ? shown : undefined;
  const words = current?.kind === 'diff' ? diffWords(current.body) : undefined;
  return (
    <Section title="Calculate">
      <fieldset class="modes">
        <legend>With this instant</legend>
        <label class="check">
          <input type="radio" name="calculate" checked={mode === 'add'} onChange={() => choose('add')} /> add a duration
        </label>
        <label class="check">
          <input type="radio" name="calculate" checked={mode === 'diff'} onChange={() => choose('diff')} /> measure the time to another
          instant
        </label>
      </fieldset>
      <p class="field">
        <label for="calculate-input">
          {mode === 'add' ? `${FIELD_LABELS.duration} (ISO 8601: P1D, PT36H, -P1M)` : `${FIELD_LABELS.other} (a timestamp or a date-time)`}
        </label>
        <input
          id="calculate-input"
          value={other}
          onInput={(event) => setOther(event.currentTarget.value)}
          autoComplete="off"
          spellcheck={false}
        />
      </p>
      {answer.state === 'failed' ? <FailureNote failure={failureForPeople(answer.failure)} /> : null}
      {current?.kind === 'diff' ? (
        <dl class="facts calculated">
          <dt>On the calendar in {current.body.time_zone}</dt>
          <dd>
            {current.body.human} (<code>{current.body.calendar.iso}</code>)
          </dd>
          <dt>Elapsed</dt>
          <dd>
            <code>{current.body.exact}</code>, {current.body.seconds} seconds
          </dd>
          {words === undefined ? null : (
            <>
              <dt>Daylight saving time</dt>
              <dd>{words}</dd>
            </>
          )}
        </dl>
      ) : null}
      {current?.kind === 'add' ? (
        <dl class="facts calculated">
          <dt>Sum, in UTC</dt>
          <dd>
            <code>{current.body.result.exact}</code>
          </dd>
          {current.body.result.local === undefined ? null : (
            <>
              <dt>Sum, in {current.body.time_zone}</dt>
              <dd>
                <code>{current.body.result.local.iso}</code>
              </dd>
            </>
          )}
          {addWords(current.body).map((words) => (
            <Fragment key={words}>
              <dt>Daylight saving time</dt>
              <dd>{words}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </Section>
  );
}

/** The tools every time answer has: the instant in every format, and a calculator. */
export function InstantTools(instant: Instant) {
  return (
    <div class="instant-tools">
      <EveryFormat {...instant} />
      <Calculator {...instant} />
    </div>
  );
}
