import { useState } from 'preact/hooks';
import { PUBLIC_KEY_ALGORITHMS } from 'timestamp-jwt-client';
import { api, describeFailure, type Failure } from './api.js';
import { CopyButton, FailureNote, Json, PasteField, Section, useRunsHere } from './common.js';
import { useReportedSecrets, type ReportSecrets } from './hooks.js';
import { Findings } from './token.js';
import type { Signed } from './types.js';
import { editsWithExpiry, pairAlgorithmFor, type Claims } from './sign-edits.js';

/** A key field's text as the service takes it: a JWK or a PEM is a key, anything else a secret, sent exactly. */
export const keySource = (text: string): { key: string } | { secret: string } =>
  /^\s*(\{|-----BEGIN )/.test(text) ? { key: text } : { secret: text };

/**
 * Edit a decoded token's claims and sign it again (contract §4g): the claims as JSON, a secret, a private key or
 * a key pair made for the call, and an expiry as a duration. Only the claims that changed are sent, with the token,
 * so that the rest is kept as it was. Nothing typed here goes into a share link.
 */
export function SignPanel({
  token,
  algorithm,
  payload,
  report,
}: {
  token: string;
  algorithm: string | null;
  payload: Claims;
  report: ReportSecrets;
}) {
  const here = useRunsHere();
  const [claimsText, setClaimsText] = useState(JSON.stringify(payload, null, 2));
  const [keyText, setKeyText] = useState('');
  const [generate, setGenerate] = useState(false);
  const [alg, setAlg] = useState(() => pairAlgorithmFor(algorithm));
  const [expiresIn, setExpiresIn] = useState('');
  const [answer, setAnswer] = useState<{ signed?: Signed; failure?: Failure; invalid?: string }>({});
  useReportedSecrets(report, 'sign', keyText === '' ? [] : ['the secret or private key given to Edit and sign']);
  const sign = async () => {
    let claims: unknown;
    try {
      claims = JSON.parse(claimsText);
    } catch {
      setAnswer({ invalid: 'The claims are not JSON.' });
      return;
    }
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
      setAnswer({ invalid: 'The claims must be a JSON object.' });
      return;
    }
    // Parsed JSON that is an object and not an array has string keys only.
    const { set, unset } = editsWithExpiry(payload, claims as Claims, expiresIn.trim());
    try {
      const client = await api();
      const signed = await client.jwt.sign.mutate({
        token,
        set,
        unset,
        ...(generate ? { generate: true, alg } : keySource(keyText)),
        ...(expiresIn.trim() === '' ? {} : { expires_in: expiresIn.trim() }),
      });
      setAnswer({ signed });
    } catch (error) {
      setAnswer({ failure: describeFailure(error) });
    }
  };
  return (
    <Section title="Edit and sign">
      <PasteField
        id="sign-claims"
        label="Claims (JSON)"
        hint="Change, add or remove claims; the token is signed again with them."
        rows={8}
        value={claimsText}
        onValue={setClaimsText}
      />
      <p class="field">
        <label class="check">
          <input type="checkbox" checked={generate} onChange={(event) => setGenerate(event.currentTarget.checked)} /> Generate a key pair
          for this token
        </label>
      </p>
      {generate ? (
        <p class="field">
          <label for="sign-alg">Algorithm of the key pair</label>
          <select id="sign-alg" value={alg} onChange={(event) => setAlg(event.currentTarget.value)}>
            {PUBLIC_KEY_ALGORITHMS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </p>
      ) : (
        <PasteField
          id="sign-key"
          label="Secret, private JWK or PEM private key"
          hint={
            here
              ? 'Kept in this browser: never sent, stored or put in a share link.'
              : 'Sent to this service only, in a request body, and never stored or put in a share link.'
          }
          rows={3}
          value={keyText}
          onValue={setKeyText}
        />
      )}
      <p class="field">
        <label for="sign-expires">
          Expires in (seconds or an ISO 8601 duration such as PT1H; it sets exp, whatever the claims say; empty keeps them)
        </label>
        <input
          id="sign-expires"
          value={expiresIn}
          spellcheck={false}
          autocomplete="off"
          onInput={(event) => setExpiresIn(event.currentTarget.value)}
        />
      </p>
      <p>
        <button type="button" onClick={() => void sign()}>
          Sign
        </button>
      </p>
      <div aria-live="polite" class="sign-result">
        {answer.invalid === undefined ? null : <p class="note invalid">{answer.invalid}</p>}
        {answer.failure === undefined ? null : <FailureNote failure={answer.failure} />}
        {answer.signed === undefined ? null : <SignedView signed={answer.signed} />}
      </div>
    </Section>
  );
}

function SignedView({ signed }: { signed: Signed }) {
  return (
    <>
      <p class="field">
        <label for="signed-token">New token ({signed.algorithm})</label>
        <textarea id="signed-token" rows={4} readOnly value={signed.token} />
        <CopyButton text={signed.token} what="new token" />
      </p>
      {signed.notes.length === 0 ? null : (
        <ul>
          {signed.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <Findings findings={signed.decoded.findings} />
      {signed.key === null ? null : (
        <>
          <p>
            Public key, thumbprint <code>{signed.key.thumbprint}</code> <CopyButton text={signed.key.thumbprint} what="thumbprint" />
          </p>
          <Json value={signed.key.public_jwk} label="Public JWK" />
          <CopyButton text={JSON.stringify(signed.key.public_jwk)} what="public JWK" />
        </>
      )}
    </>
  );
}
