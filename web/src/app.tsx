import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, describeFailure, runHere } from './api.js';
import { PasteField, RunsHere, failureText } from './common.js';
import { useAnswer, useDebounced, type Answer, type ReportSecrets } from './hooks.js';
import { InstantTools } from './instant-tools.js';
import { recognise, type Recognised } from './recognise.js';
import { decodeFragment, holdsPrivateKey, shareLink, type ShareLink } from './share.js';
import { BROWSER_ZONE, DateTimeView, FIELD_LABELS, IdentifyView, type ZoneChoice } from './time.js';
import { IssuerLine, TokenDetails, TokenParts } from './token.js';
import { CredentialWarning, TokenIdentifyView } from './token-identify.js';
import { TokenVerifyPanel } from './token-verify.js';
import { verifyFormatsOf } from './token-verify-input.js';
import type { Decoded, Identified, Inspected, ToUnix, TokenIdentified } from './types.js';
import { KeyInspection, PrivateKeyWarning } from './key.js';
import { ProfileLine, ValidatePanel } from './profile.js';
import { SignPanel } from './sign.js';
import { VerifyPanel } from './verify.js';
import { zoneNamedBy } from './zones.js';

type Result =
  | { readonly kind: 'token'; readonly body: Decoded }
  | { readonly kind: 'key'; readonly body: Inspected }
  | { readonly kind: 'value'; readonly body: Identified }
  | { readonly kind: 'format'; readonly body: TokenIdentified }
  | { readonly kind: 'datetime'; readonly body: ToUnix };

interface Question {
  readonly recognised: Recognised;
  /** The zone a value is read in: the one it names itself in brackets (as it writes it), else the one chosen. */
  readonly zone: string;
  readonly disambiguation: string;
  readonly checkSecrets: boolean;
}

/** The one call a recognised input needs; undefined for an empty input, which sends nothing. */
function callFor({ recognised, zone, disambiguation, checkSecrets }: Question): (() => Promise<Result>) | undefined {
  switch (recognised.kind) {
    case 'empty':
      return undefined;
    case 'token':
      return async () => ({
        kind: 'token',
        body: await (await api()).jwt.decode.query({ token: recognised.value, check_secrets: checkSecrets }),
      });
    case 'key':
      return async () => ({ kind: 'key', body: await (await api()).jwt.inspectKey.query({ key: recognised.value }) });
    case 'format':
      return async () => ({ kind: 'format', body: await (await api()).token.identify.query({ value: recognised.value }) });
    case 'value': {
      const { value } = recognised;
      return async () => {
        const client = await api();
        const body = await client.unixTimestamp.identify.query({ value, tz: zone, disambiguation });
        // What identify does not read may still be a date-time that to-unix reads: an RFC 9557 zone with no offset,
        // `2024-03-31T12:00:00[Europe/Berlin]`. The service decides, and its refusal adds nothing to identify's notes.
        // Only a bracketed value is asked about twice, so that typing a date spends one point of the limit a keystroke.
        if (body.candidates.length > 0 || !value.includes('[')) return { kind: 'value', body };
        try {
          // The bracketed zone names itself; another `tz` beside it would be refused.
          return { kind: 'datetime', body: await client.unixTimestamp.toUnix.query({ datetime: value, disambiguation }) };
        } catch (error) {
          if (describeFailure(error).kind === 'invalid') return { kind: 'value', body };
          throw error;
        }
      };
    }
  }
}

/** Each encoding as a person names it. */
const ENCODING_NAMES: Readonly<Record<Decoded['encoding'], string>> = {
  jwt: 'a JWT (JWS compact serialization)',
  'jws-json': 'a JWS in JSON serialization',
  'sd-jwt': 'an SD-JWT (selective disclosure)',
  jwe: 'a JWE (encrypted, compact serialization)',
  'jwe-json': 'a JWE in JSON serialization (encrypted)',
};

/** A PASETO's purpose, `local` or `public`, as identify read it. */
function pasetoPurpose(body: TokenIdentified): string | undefined {
  const paseto = body.candidates.find((candidate) => candidate.format === 'paseto');
  const purpose = paseto === undefined || !('fields' in paseto) ? undefined : paseto.fields.purpose;
  return typeof purpose === 'string' ? purpose : undefined;
}

const counted = (count: number, one: string, many: string): string => (count === 0 ? `no ${many}` : `${count} ${count === 1 ? one : many}`);

/** What the live region says once an answer is in: short, so that a screen reader is not flooded. */
function announce(answer: Answer<Result>): string {
  switch (answer.state) {
    case 'idle':
      return '';
    case 'loading':
      return 'Reading…';
    case 'failed':
      return failureText(answer.failure);
    case 'done': {
      const { value } = answer;
      if (value.kind === 'token') {
        return `Decoded a token: ${ENCODING_NAMES[value.body.encoding]}, with ${counted(value.body.findings.length, 'finding', 'findings')}.`;
      }
      if (value.kind === 'key') {
        const count = value.body.keys.length;
        const findings = value.body.keys.reduce((sum, key) => sum + key.findings.length, value.body.findings.length);
        return `Read ${count} ${count === 1 ? 'key' : 'keys'}, with ${findings} ${findings === 1 ? 'finding' : 'findings'}.`;
      }
      if (value.kind === 'format') {
        // Words only: the value itself, a credential perhaps, is never read out.
        const read = value.body.candidates.flatMap((candidate) => (candidate.format === 'jwt' ? [] : [candidate]));
        const findings = read.reduce((sum, candidate) => sum + candidate.findings.length, 0);
        if (read.length === 0) return 'No format reads this value.';
        return `Read as ${read.map((candidate) => `${candidate.description} (${candidate.format})`).join(', then ')}, with ${counted(findings, 'finding', 'findings')}.`;
      }
      if (value.kind === 'datetime') {
        const { utc } = value.body;
        return `${utc.iso}: ${utc.unix_seconds} seconds, ${utc.unix_milliseconds} milliseconds since 1970.`;
      }
      const best = value.body.candidates[0];
      if (best === undefined) return 'No format reads this value.';
      return `Best guess: ${best.description}, ${best.utc.iso} (${best.utc.unix_seconds} seconds since 1970).`;
    }
  }
}

const initial = decodeFragment(location.hash);
// Local mode unless the link turned it off; the calls follow the switch from the first one on.
const initialLocal = initial?.local ?? true;
runHere(initialLocal);

export function App() {
  const [input, setInput] = useState(initial?.input ?? '');
  const [zone, setZone] = useState(initial?.zone ?? BROWSER_ZONE);
  const [key, setKey] = useState(initial?.key ?? '');
  const [local, setLocal] = useState(initialLocal);
  const [disambiguation, setDisambiguation] = useState('compatible');
  const [checkSecrets, setCheckSecrets] = useState(false);
  const [retries, setRetries] = useState(0);
  const [link, setLink] = useState<(ShareLink & { readonly url: string }) | undefined>(undefined);
  const [typed, setTyped] = useState<Readonly<Record<string, readonly string[]>>>({});
  const [now, setNow] = useState(Date.now());

  // The service is asked once typing pauses, since each call costs a point of the rate limit; in this browser a call
  // costs nothing and under a millisecond, so the answer follows each change at once (issue 47: paste to answer < 50 ms).
  const text = useDebounced(input, local ? 0 : 250);
  const question = useMemo((): Question => {
    const recognised = recognise(text);
    // A value that names its zone is read there, never in the one chosen: a `tz` beside it that differs would be refused.
    const named = recognised.kind === 'value' ? zoneNamedBy(recognised.value) : undefined;
    return { recognised, zone: named?.written ?? zone, disambiguation, checkSecrets };
  }, [text, zone, disambiguation, checkSecrets]);
  // Turning the switch asks again, in the mode chosen, so that the answer shown is always the chosen host's.
  const answer = useAnswer(JSON.stringify({ ...question, retries, local }), callFor(question));
  useEffect(() => setNow(Date.now()), [answer]);
  useEffect(() => setLink(undefined), [input, zone, key, typed, local]);
  // Each panel belongs to the value it was opened for: another value clears the verify panel's key here,
  // and the panels, keyed by their token, start afresh.
  const value = question.recognised.kind === 'empty' ? '' : question.recognised.value;
  const openedFor = useRef(value);
  useEffect(() => {
    if (openedFor.current === value) return;
    openedFor.current = value;
    setKey('');
  }, [value]);
  const report = useCallback<ReportSecrets>((panel, fields) => setTyped((previous) => ({ ...previous, [panel]: fields })), []);

  const share = () => {
    const made = shareLink({ input, zone, key, local }, Object.values(typed).flat());
    const url = `${location.origin}${location.pathname}${made.fragment}`;
    setLink({ ...made, url });
    void navigator.clipboard?.writeText(url).catch(() => undefined);
  };
  const tokenText = question.recognised.kind === 'token' ? question.recognised.value : undefined;
  // A credential is flagged from the text as it stands, before the pause that asks the service, and before any answer.
  const pasted = useMemo(() => recognise(input), [input]);
  const credentials = pasted.kind === 'format' ? pasted.credentials : [];
  // While a new answer loads, the last one stays, so that the control in use keeps its focus.
  const shown = answer.state === 'done' || answer.state === 'loading' ? answer.value : undefined;
  // The zone of the answer shown: the one its value names, when something read it, else the one chosen, kept for the next value.
  const read = shown?.kind === 'datetime' || (shown?.kind === 'value' && shown.body.candidates.length > 0) ? shown.body.input : '';
  const named = zoneNamedBy(read);
  const zoneShown: ZoneChoice = { zone: named?.name ?? zone, named: named !== undefined, onZone: setZone };

  const chooseLocal = (on: boolean) => {
    runHere(on);
    setLocal(on);
  };

  return (
    <RunsHere.Provider value={local}>
      <header>
        <h1>Timestamp and JWT playground</h1>
        <p>
          Paste a token (JWT, JWE, SD-JWT, JSON serialization), a signed cookie (Flask, Django, itsdangerous, Express), a Fernet token, a
          PASETO, an API key, a key (JWK, JWK Set, PEM, certificate), a Unix timestamp, a date-time or an ID.{' '}
          {local
            ? 'Everything is read in this browser: nothing you paste is sent, and nothing is stored.'
            : 'Everything is sent to this service only, in request bodies, never in a URL; nothing is stored.'}{' '}
          <a href="./docs/">API reference</a>
        </p>
        <p class="field run-here">
          <label class="check">
            <input
              type="checkbox"
              role="switch"
              checked={local}
              onChange={(event) => chooseLocal(event.currentTarget.checked)}
              aria-describedby="run-here-hint"
            />
            Run in this browser: nothing is sent
          </label>
          <span id="run-here-hint" class="hint">
            {local
              ? "The service's own code answers in this page, with no request to any server. Off, each answer is asked of this service."
              : 'Off: each answer is asked of this service, in a request body. On, the same code answers in this page and nothing is sent.'}
          </span>
        </p>
      </header>
      <main>
        <PasteField id="input" label={FIELD_LABELS.input} hint="Answers appear as you type." rows={5} value={input} onValue={setInput} />
        <div class="actions">
          <label class="check">
            <input type="checkbox" checked={checkSecrets} onChange={(event) => setCheckSecrets(event.currentTarget.checked)} /> Try publicly
            known HMAC secrets
          </label>
          <button type="button" onClick={share} disabled={input.trim() === ''}>
            Make a share link
          </button>
        </div>
        {link === undefined ? null : (
          <div class="field">
            <label for="share-link">Share link (the input is in the part after #, which browsers never send to a server)</label>
            <input
              id="share-link"
              readOnly
              value={link.url}
              onFocus={(event) => event.currentTarget.select()}
              aria-describedby={link.leftOut.length === 0 ? undefined : 'share-left-out'}
            />
            {link.leftOut.length === 0 ? null : (
              <ul id="share-left-out" class="hint left-out">
                {link.leftOut.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div class={`status ${answer.state === 'failed' ? 'error' : ''}`}>
          <p role="status" aria-live="polite">
            {announce(answer)}
          </p>
          {answer.state === 'failed' && answer.failure.kind !== 'invalid' ? (
            <button type="button" onClick={() => setRetries(retries + 1)}>
              Try again
            </button>
          ) : null}
        </div>
        {holdsPrivateKey(input) ? <PrivateKeyWarning /> : null}
        {credentials.length === 0 ? null : (
          <CredentialWarning formats={credentials} body={shown?.kind === 'format' ? shown.body : undefined} />
        )}
        {shown?.kind === 'key' ? <KeyInspection body={shown.body} now={now} /> : null}
        {shown?.kind === 'token' ? <IssuerLine body={shown.body} /> : null}
        {shown?.kind === 'token' && shown.body.profile !== null ? <ProfileLine profile={shown.body.profile} /> : null}
        {tokenText === undefined ? null : <TokenParts input={tokenText} />}
        {shown?.kind === 'token' ? (
          <>
            <TokenDetails body={shown.body} now={now} />
            {shown.body.profile === null ? null : (
              <ValidatePanel key={shown.body.input} token={shown.body.input} profile={shown.body.profile} report={report} />
            )}
            {shown.body.encoding === 'jwe' || shown.body.encoding === 'jwe-json' ? null : (
              <VerifyPanel
                key={shown.body.input}
                token={shown.body.input}
                algorithm={shown.body.algorithm}
                keyText={key}
                onKey={setKey}
                report={report}
              />
            )}
            {shown.body.encoding === 'jwt' && shown.body.nested === undefined && shown.body.payload !== null ? (
              <SignPanel
                key={shown.body.input}
                token={shown.body.input}
                algorithm={shown.body.algorithm}
                payload={shown.body.payload}
                report={report}
              />
            ) : null}
          </>
        ) : null}
        {shown?.kind === 'format' ? <TokenIdentifyView body={shown.body} now={now} /> : null}
        {shown?.kind === 'format' && verifyFormatsOf(shown.body.candidates).length > 0 ? (
          <TokenVerifyPanel
            key={shown.body.input}
            value={shown.body.input}
            formats={verifyFormatsOf(shown.body.candidates)}
            purpose={pasetoPurpose(shown.body)}
            now={now}
            report={report}
          />
        ) : null}
        {shown?.kind === 'value' ? (
          <IdentifyView body={shown.body} zone={zoneShown} disambiguation={disambiguation} onDisambiguation={setDisambiguation} />
        ) : null}
        {shown?.kind === 'value' && shown.body.candidates[0] !== undefined ? (
          <InstantTools operand={shown.body.candidates[0].exact} tz={named?.written ?? zone} />
        ) : null}
        {shown?.kind === 'datetime' ? (
          <DateTimeView body={shown.body} zone={zoneShown} disambiguation={disambiguation} onDisambiguation={setDisambiguation} />
        ) : null}
        {shown?.kind === 'datetime' ? (
          // A bracketed zone names itself; another `tz` beside it would be refused.
          <InstantTools operand={shown.body.input} tz={shown.body.input.includes('[') ? undefined : zone} disambiguation={disambiguation} />
        ) : null}
      </main>
    </RunsHere.Provider>
  );
}
