import { Fragment, createContext, type ComponentChildren } from 'preact';
import { useContext, useState } from 'preact/hooks';
import type { Failure } from './api.js';
import { relativeTime } from './relative-time.js';

/**
 * Whether the page runs in this browser (local mode) or sends its calls to the service: what the page says
 * about where a token, key or secret goes follows it.
 */
export const RunsHere = createContext(true);

/** Whether the page runs in this browser, for the words a panel says about where its fields go. */
export const useRunsHere = (): boolean => useContext(RunsHere);

const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });

/** JSON as the service sent it, indented. */
export const Json = ({ value, label }: { value: unknown; label: string }) => (
  <pre class="json" tabIndex={0} aria-label={label}>
    {JSON.stringify(value, null, 2)}
  </pre>
);

/** Names this short always fit a narrow screen's table whole; only longer ones are offered places to break. */
const WHOLE_UP_TO = 12;

/**
 * A claim's, parameter's or format's name, kept whole on a line. On a narrow screen only, a name
 * longer than 12 characters may break after an `_` or a `/` (`preferred_|username`, a namespaced
 * claim's URL), never inside a word.
 */
export const Name = ({ text }: { text: string }) => (
  <code class="name">
    {(text.length > WHOLE_UP_TO ? text.split(/(?<=[_/])/) : [text]).map((piece, index) => (
      <Fragment key={index}>
        {index === 0 ? null : <wbr />}
        {piece}
      </Fragment>
    ))}
  </code>
);

/** An instant three ways: UTC, the browser's local time, and relative to now. */
export function When({ ms, now }: { ms: number; now: number }) {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return <span>not a date</span>;
  const date = new Date(ms);
  return (
    <span class="when">
      <time dateTime={date.toISOString()}>{date.toISOString().replace('.000Z', 'Z')}</time>
      <span>{localFormat.format(date)}</span>
      <span>{relativeTime(ms, now)}</span>
    </span>
  );
}

/** A wide table's frame: it scrolls sideways by itself, never the page, and the keyboard can scroll it. */
export const Scroll = ({ label, children }: { label: string; children: ComponentChildren }) => (
  <div class="scroll" tabIndex={0} role="region" aria-label={label}>
    {children}
  </div>
);

export const Section = ({ title, children }: { title: string; children: ComponentChildren }) => (
  <section aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
);

/** The plain words for a failed call; the input is never touched. */
export function failureText(failure: Failure): string {
  switch (failure.kind) {
    case 'rate-limited':
      return `Too many requests from this address. The limit resets in ${failure.seconds} ${failure.seconds === 1 ? 'second' : 'seconds'}; your input is kept, edit it or try again then.`;
    case 'network':
      return 'The service cannot be reached. Check your connection; your input is kept.';
    case 'invalid':
      return failure.message;
    case 'server':
      return `The service could not answer: ${failure.message}`;
  }
}

export const FailureNote = ({ failure }: { failure: Failure }) => (
  <p class={`note ${failure.kind === 'invalid' ? 'invalid' : 'error'}`}>{failureText(failure)}</p>
);

/** A labelled text area for pasted tokens and keys: no spell check or autocomplete, its hint read with it. */
export const PasteField = (props: {
  id: string;
  label: string;
  hint: string;
  rows: number;
  value: string;
  onValue: (value: string) => void;
}) => (
  <p class="field">
    <label for={props.id}>{props.label}</label>
    <textarea
      id={props.id}
      rows={props.rows}
      spellcheck={false}
      autocomplete="off"
      value={props.value}
      onInput={(event) => props.onValue(event.currentTarget.value)}
      aria-describedby={`${props.id}-hint`}
    />
    <span id={`${props.id}-hint`} class="hint">
      {props.hint}
    </span>
  </p>
);

/**
 * A secret: a password field, shown as text on request, never trimmed. `hint` says how it is read; the field adds
 * where it goes (kept in this browser, or sent to the service in a request body), which follows `useRunsHere`.
 */
export function SecretField(props: {
  id: string;
  label: string;
  hint: string;
  showLabel: string;
  value: string;
  onValue: (value: string) => void;
}) {
  const here = useRunsHere();
  const [visible, setVisible] = useState(false);
  const fieldProps = {
    id: props.id,
    value: props.value,
    spellcheck: false,
    autocomplete: 'off',
    'aria-describedby': `${props.id}-hint`,
    onInput: (event: { currentTarget: HTMLInputElement }) => props.onValue(event.currentTarget.value),
  };
  return (
    <>
      <p class="field">
        <label for={props.id}>{props.label}</label>
        {/* Two elements, since a password field's attributes are typed apart from a text field's. */}
        {visible ? <input type="text" {...fieldProps} /> : <input type="password" {...fieldProps} />}
        <span id={`${props.id}-hint`} class="hint">
          {props.hint}{' '}
          {here
            ? 'Kept in this browser: never sent, stored or put in a share link.'
            : 'Sent to this service only, in a request body; never stored or put in a share link.'}
        </span>
      </p>
      <p class="field">
        <label class="check">
          <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.currentTarget.checked)} /> {props.showLabel}
        </label>
      </p>
    </>
  );
}

/** A button that copies `text`; its name says what it copies, and it says when it did. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <button type="button" class="copy" onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
      <span class="visually-hidden"> {what}</span>
    </button>
  );
}
