import { Json, Name, Scroll, Section, When, useRunsHere } from './common.js';
import { isCredentialFormat } from './recognise.js';
import { Findings } from './token.js';
import type { TokenCandidate, TokenIdentified, TokenTime } from './types.js';

/** What a key would add, in words: `key_needed_for`'s codes as a person says them. */
const BENEFIT_WORDS: Readonly<Record<TokenCandidate['key_needed_for'][number], string>> = {
  authenticity: 'that whoever holds the key made it',
  payload: 'its payload, which is encrypted',
  expiry: 'whether it has expired',
};

const isCandidate = (candidate: TokenIdentified['candidates'][number]): candidate is TokenCandidate => candidate.format !== 'jwt';

/** The times a value carries, each as an instant three ways, and whether a key vouched for it, said in words and never by colour. */
export function TokenTimes({ times, now, caption }: { times: readonly TokenTime[]; now: number; caption: string }) {
  if (times.length === 0) return null;
  return (
    <Scroll label={caption}>
      <table class="token-times">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Instant</th>
            <th scope="col">Authenticated</th>
          </tr>
        </thead>
        <tbody>
          {times.map((time) => (
            <tr key={time.name}>
              <th scope="row">
                <Name text={time.name} />
              </th>
              <td>
                <When ms={time.utc.unix_milliseconds} now={now} />
              </td>
              <td class={time.authenticated ? 'valid' : 'not-authenticated'}>
                {time.authenticated ? 'Yes: the signature over it verified' : 'No: read without a key, so anyone could have written it'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

const fieldText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** What a value shows without a key: each field by its name, a JSON payload indented. */
function Fields({ fields, caption }: { fields: TokenCandidate['fields']; caption: string }) {
  const entries = Object.entries(fields);
  if (entries.length === 0) return <p>Nothing more can be read from it without a key.</p>;
  return (
    <table class="key token-fields" aria-label={caption}>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">
              <Name text={name} />
            </th>
            <td>
              {value !== null && typeof value === 'object' ? (
                <Json value={value} label={`${caption}: ${name}`} />
              ) : (
                <code>{fieldText(value)}</code>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KeyWouldAdd({ benefits }: { benefits: TokenCandidate['key_needed_for'] }) {
  if (benefits.length === 0) {
    return <p>A key would add nothing: no key proves anything about a credential, whose shape is all there is to read.</p>;
  }
  return (
    <p>
      A key would add:{' '}
      {benefits.map((benefit, index) => (
        <span key={benefit}>
          {index === 0 ? '' : '; '}
          <code>{benefit}</code>, {BENEFIT_WORDS[benefit]}
        </span>
      ))}
      .
    </p>
  );
}

function Candidate({ candidate, now }: { candidate: TokenCandidate; now: number }) {
  return (
    <Section title={candidate.description}>
      <p>
        Format <Name text={candidate.format} />
      </p>
      <Fields fields={candidate.fields} caption={`What ${candidate.description} shows without a key`} />
      <TokenTimes times={candidate.times} now={now} caption={`Times ${candidate.description} carries`} />
      <KeyWouldAdd benefits={candidate.key_needed_for} />
      <Findings findings={candidate.findings} none="No findings." />
    </Section>
  );
}

/**
 * token.identify's answer: each format that reads the value, in the service's order, with what it shows without a key.
 * The value is shown as the service gave it back: masked for a credential, whose raw text stays in the paste field alone.
 */
export function TokenIdentifyView({ body, now }: { body: TokenIdentified; now: number }) {
  const candidates = body.candidates.filter(isCandidate);
  return (
    <div class="token-identify">
      <p>
        The value: <code class="token-input">{body.input}</code>
        {candidates.some((candidate) => isCredentialFormat(candidate.format))
          ? ' (masked: a credential is never shown back in full)'
          : null}
      </p>
      {body.notes.map((note, index) => (
        <p key={index}>{note}</p>
      ))}
      {body.candidates.some((candidate) => !isCandidate(candidate)) ? <p>It is a JWT: it is decoded as one.</p> : null}
      {candidates.map((candidate) => (
        <Candidate key={candidate.format} candidate={candidate} now={now} />
      ))}
    </div>
  );
}

/**
 * Said in red, in words, the moment a credential's shape is pasted (from the grammar, before any answer), and once the
 * answer is in, where to revoke it, as its finding says.
 */
export function CredentialWarning({ formats, body }: { formats: readonly string[]; body: TokenIdentified | undefined }) {
  const here = useRunsHere();
  const revoke = (body?.candidates ?? [])
    .filter(isCandidate)
    .flatMap((candidate) => candidate.findings)
    .filter((finding) => finding.code === 'live_credential')
    .map((finding) => finding.message);
  return (
    <div class="private-key credential" role="alert">
      <p>
        This looks like a credential ({formats.join(', ')}). Whoever sees it may act as its owner: if it is real, revoke it now, and never
        publish it or paste it into a site you do not run.{' '}
        {here
          ? 'This page reads it in this browser and never sends it.'
          : 'This page sends it only to this service, which never echoes or logs it.'}
      </p>
      {revoke.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
