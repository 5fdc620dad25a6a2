import { useState } from 'preact/hooks';
import { api } from './api.js';
import { FailureNote, PasteField, Scroll, Section, useRunsHere } from './common.js';
import { useAnswer, useDebounced, useReportedSecrets, type ReportSecrets } from './hooks.js';
import { PROFILE_TITLES, parametersAsked, ruleReferenceUrl } from './rules.js';
import type { Decoded, Validated } from './types.js';

type Check = Validated['checks'][number];

const VERDICT = (passed: boolean | null): string => (passed === true ? 'Passed' : passed === false ? 'Failed' : 'Not checked');

/** A rule's reference, linked to the section it cites when the page knows where that is. */
function Reference({ reference }: { reference: string }) {
  const url = ruleReferenceUrl(reference);
  return url === undefined ? <>{reference}</> : <a href={url}>{reference}</a>;
}

/** Each rule, its verdict in words, why, and the section that states it. */
export function Checks({ checks, caption }: { checks: readonly Check[]; caption: string }) {
  return (
    <Scroll label={caption}>
      <table class="checks">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Verdict</th>
            <th scope="col">Why</th>
            <th scope="col">Stated in</th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={check.rule} class={check.passed === false ? 'failed' : undefined}>
              <th scope="row">
                <code>{check.rule}</code>
              </th>
              <td>{VERDICT(check.passed)}</td>
              <td>{check.message}</td>
              <td>
                <Reference reference={check.reference} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Said at the top of a decoded token: the profile it follows, and the structural rules it already fails. */
export function ProfileLine({ profile }: { profile: NonNullable<Decoded['profile']> }) {
  const failed = profile.checks.filter((check) => check.passed === false);
  const total = profile.checks.length;
  return (
    <div class="profile-line">
      <p>
        <strong>{PROFILE_TITLES[profile.name]}</strong>, by its {profile.detected_by === 'typ' ? <code>typ</code> : 'claims'}
        {failed.length === 0
          ? `; it passes all ${total} rules of its profile that need nothing more.`
          : `; it fails ${failed.length} of the ${total} rules of its profile that need nothing more:`}
      </p>
      {failed.length === 0 ? null : (
        <ul class="failed-rules">
          {failed.map((check) => (
            <li key={check.rule}>
              <code>{check.rule}</code>: {check.message} (<Reference reference={check.reference} />)
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How the page asks for each expectation a profile's rules read; `secret` names a secret one when the share link leaves it out. */
const ASK: Readonly<Record<string, { readonly label: string; readonly secret?: string; readonly block?: true }>> = {
  issuer: { label: 'Expected issuer (iss)' },
  audience: { label: 'Expected audience, comma-separated (aud)' },
  nonce: { label: 'Nonce sent in the request (nonce)' },
  access_token: { label: 'Access token issued with it (at_hash, ath)', secret: 'the access token given to Validate' },
  code: { label: 'Authorization code issued with it (c_hash)', secret: 'the authorization code given to Validate' },
  state: { label: 'state sent in the request (s_hash)' },
  max_age: { label: 'max_age sent in the request, in seconds (auth_time)' },
  htm: { label: 'Request method the proof is for (htm)' },
  htu: { label: 'Request URL the proof is for (htu)' },
  jkt: { label: 'Thumbprint of the key the token is bound to (jkt)' },
  key: { label: 'Public key, certificate or JWK Set that signed it', block: true },
  clock_tolerance: { label: 'Clock tolerance, in seconds (0 to 300)' },
};

/**
 * Every rule of the token's profile, with a field for each expectation those rules read and no other:
 * the service names them in a first validation with the token alone, whose rules show until one is given.
 */
export function ValidatePanel({
  token,
  profile,
  report,
}: {
  token: string;
  profile: NonNullable<Decoded['profile']>;
  report: ReportSecrets;
}) {
  const here = useRunsHere();
  const [values, setValues] = useState<Readonly<Record<string, string>>>({});
  const base = useAnswer(token, async () => (await api()).jwt.validate.query({ token }));
  const expectations = useDebounced(JSON.stringify(values), 300);
  // expectations is `values` through JSON.stringify: strings by name.
  const given = Object.fromEntries(
    Object.entries(JSON.parse(expectations) as Record<string, string>).filter(([, value]) => value.trim() !== ''),
  );
  const asked = useAnswer(
    `${token}\u0000${expectations}`,
    Object.keys(given).length === 0 ? undefined : async () => (await api()).jwt.validate.query({ token, ...given }),
  );
  const answer = Object.keys(given).length === 0 ? base : asked;
  const parameters = base.state === 'done' ? [...parametersAsked(base.value.checks), 'clock_tolerance'] : [];
  const set = (name: string) => (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const secrets = parameters.some((name) => ASK[name]?.secret !== undefined);
  useReportedSecrets(
    report,
    'validate',
    Object.entries(values).flatMap(([name, value]) => {
      const secret = ASK[name]?.secret;
      return secret === undefined || value === '' ? [] : [secret];
    }),
  );
  const signature = answer.state === 'done' ? answer.value.checks.find((check) => check.rule === 'signature') : undefined;
  return (
    <Section title="Validate">
      <p>
        Every rule of {PROFILE_TITLES[profile.name]}: give what you expect, and the rules that need it are checked.
        {!secrets
          ? ''
          : here
            ? ' An access token or code given here stays in this browser: it is only hashed, and never sent or stored.'
            : ' An access token or code given here is sent to this service only, in a request body, is only hashed, and is never stored.'}
      </p>
      {parameters.map((name) => {
        const ask = ASK[name] ?? { label: name };
        const id = `validate-${name.replace(/_/g, '-')}`;
        return ask.block === true ? (
          <PasteField
            key={name}
            id={id}
            label={ask.label}
            hint={`Only public keys: ${here ? 'private keys and shared secrets are refused' : 'the service refuses private keys and shared secrets'}.`}
            rows={3}
            value={values[name] ?? ''}
            onValue={set(name)}
          />
        ) : (
          <p class="field" key={name}>
            <label for={id}>{ask.label}</label>
            <input
              id={id}
              value={values[name] ?? ''}
              spellcheck={false}
              autocomplete="off"
              onInput={(event) => set(name)(event.currentTarget.value)}
            />
          </p>
        );
      })}
      <div aria-live="polite" class="validate-result">
        {answer.state === 'failed' ? <FailureNote failure={answer.failure} /> : null}
        {answer.state === 'done' ? (
          <>
            <p class={answer.value.valid ? 'valid' : 'not-valid'}>
              {answer.value.valid ? 'No rule failed' : 'Some rule failed'} for {answer.value.profile}
              {Object.keys(given).length === 0 ? ', with nothing expected yet.' : ', with these expectations.'}
              {signature?.passed === null ? ' No key was given, so the signature was not checked.' : ''}
            </p>
            <Checks checks={answer.value.checks} caption={`Every rule of ${answer.value.profile}`} />
          </>
        ) : null}
      </div>
    </Section>
  );
}
