import { useState } from 'preact/hooks';
import { api } from './api.js';
import { FailureNote, Scroll, Section } from './common.js';
import { useAnswer, useDebounced } from './hooks.js';
import type { Decoded, Validated } from './types.js';

type Check = Validated['checks'][number];

/** What each profile is, in words. */
export const PROFILE_WORDS: Readonly<Record<Validated['profile'], string>> = {
  oidc_id_token: 'an OpenID Connect ID token',
  oauth_access_token: 'an RFC 9068 access token',
  dpop_proof: 'a DPoP proof (RFC 9449)',
  client_assertion: 'a client assertion (RFC 7523)',
  logout_token: 'a back-channel logout token',
  security_event_token: 'a security event token (RFC 8417)',
};

const VERDICT = (passed: boolean | null): string => (passed === true ? 'Passed' : passed === false ? 'Failed' : 'Not checked');

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
              <td>{check.reference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** The profile decode detected, its structural rules, and a form that validates with the expectations only the user knows. */
export function ProfilePanel({ token, profile }: { token: string; profile: NonNullable<Decoded['profile']> }) {
  const [issuer, setIssuer] = useState('');
  const [audience, setAudience] = useState('');
  const [htm, setHtm] = useState('');
  const [htu, setHtu] = useState('');
  const proof = profile.name === 'dpop_proof';
  const expectations = useDebounced(JSON.stringify(proof ? { htm, htu } : { issuer, audience }), 300);
  const given = Object.fromEntries(
    Object.entries(JSON.parse(expectations) as Record<string, string>).filter(([, value]) => value.trim() !== ''),
  );
  const answer = useAnswer(
    `${token}\u0000${expectations}`,
    Object.keys(given).length === 0 ? undefined : () => api.jwt.validate.query({ token, ...given }),
  );
  const field = (id: string, label: string, value: string, set: (value: string) => void) => (
    <p class="field">
      <label for={id}>{label}</label>
      <input id={id} value={value} spellcheck={false} autocomplete="off" onInput={(event) => set(event.currentTarget.value)} />
    </p>
  );
  return (
    <Section title="Profile">
      <p>
        This looks like {PROFILE_WORDS[profile.name]} (by its {profile.detected_by === 'typ' ? <code>typ</code> : 'claims'}). Its rules that
        need nothing more:
      </p>
      <Checks checks={profile.checks} caption={`Structural rules of ${profile.name}`} />
      {proof ? (
        <>
          {field('validate-htm', 'Request method the proof is for (htm)', htm, setHtm)}
          {field('validate-htu', 'Request URL the proof is for (htu)', htu, setHtu)}
        </>
      ) : (
        <>
          {field('validate-issuer', 'Expected issuer (iss)', issuer, setIssuer)}
          {field('validate-audience', 'Expected audience, comma-separated (aud)', audience, setAudience)}
        </>
      )}
      <div aria-live="polite" class="validate-result">
        {answer.state === 'failed' ? <FailureNote failure={answer.failure} /> : null}
        {answer.state === 'done' ? (
          <>
            <p class={answer.value.valid ? 'valid' : 'not-valid'}>
              {answer.value.valid ? 'No rule failed' : 'Some rule failed'} for {answer.value.profile}, with these expectations.
            </p>
            <Checks checks={answer.value.checks} caption={`Every rule of ${answer.value.profile}`} />
          </>
        ) : null}
      </div>
    </Section>
  );
}
