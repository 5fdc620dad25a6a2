import { useState } from 'preact/hooks';
import { api } from './api.js';
import { CopyButton, FailureNote, PasteField, SecretField, Section, useRunsHere } from './common.js';
import { useAnswer, useDebounced, useReportedSecrets, type ReportSecrets } from './hooks.js';
import { keyKind, PrivateKeyWarning } from './key.js';
import { holdsPrivateKey } from './share.js';
import { keySource } from './sign.js';
import type { Inspected, Verified } from './types.js';

/** Which key of the text the token would be checked with, and how it is identified: from inspect-key. */
function KeyMatch({ inspected }: { inspected: Inspected }) {
  const kid = inspected.verification?.key_id ?? null;
  const selected = inspected.keys.filter((key) => key.verification?.selected === true);
  if (selected.length === 0) {
    return (
      <p>
        No key here is one the token selects
        {kid === null ? (
          ` for its algorithm ${inspected.verification?.algorithm ?? '(none)'}`
        ) : (
          <>
            {' '}
            by its kid <code>{kid}</code>
          </>
        )}
        .
      </p>
    );
  }
  return (
    <ul class="key-match">
      {selected.map((key, index) => (
        <li key={index}>
          This key ({keyKind(key)}) has the thumbprint <code>{key.thumbprint.sha256}</code>{' '}
          <CopyButton text={key.thumbprint.sha256} what="thumbprint" />
          <HowSelected inspected={inspected} keyKid={key.kid} tokenKid={kid} />
          {key.verification?.valid === true ? '; the signature verifies with it.' : '; the signature does not verify with it.'}
        </li>
      ))}
    </ul>
  );
}

/**
 * Why this key is the one used: a JWK Set's key is picked by the token's kid (or its alg);
 * a single key is used whatever kid the token names, and a PEM key has no kid at all.
 */
function HowSelected({ inspected, keyKid, tokenKid }: { inspected: Inspected; keyKid: string | null; tokenKid: string | null }) {
  if (tokenKid === null) return <>, and it fits the token, which names no kid</>;
  const named = <code>{tokenKid}</code>;
  if (inspected.input_kind === 'jwk_set') return <>, and it is the one the token's kid {named} names</>;
  if (inspected.input_kind === 'pem') {
    return <>; a PEM key has no kid, so the token's kid {named} does not pick it: it is used because it is the only key given</>;
  }
  if (keyKid === null)
    return <>; this JWK has no kid, so the token's kid {named} does not pick it: it is used because it is the only key given</>;
  if (keyKid === tokenKid) return <>, and its kid is the token's kid {named}</>;
  return (
    <>
      ; its kid <code>{keyKid}</code> is not the token's kid {named}, but it is used because it is the only key given
    </>
  );
}

const HMAC = /^HS(256|384|512)$/;

/**
 * The verify panel, checked as the user types: a public key, certificate or JWK Set against the token, or for an
 * HMAC token (HS256, HS384, HS512) its secret, sent in a request body only (contract §4b, §10).
 */
export function VerifyPanel({
  token,
  algorithm,
  keyText,
  onKey,
  report,
}: {
  token: string;
  algorithm: string | null;
  keyText: string;
  onKey: (key: string) => void;
  report: ReportSecrets;
}) {
  const here = useRunsHere();
  const hmac = algorithm !== null && HMAC.test(algorithm);
  const [secretText, setSecretText] = useState('');
  useReportedSecrets(report, 'verify', secretText === '' ? [] : ['the secret given to Verify']);
  // A private key is flagged and kept on the page: the service would refuse it, and it must not travel at all.
  const privateKey = !hmac && holdsPrivateKey(keyText);
  const key = useDebounced(hmac || privateKey ? '' : keyText.trim(), 300);
  const secret = useDebounced(hmac ? secretText : '', 300);
  const answer = useAnswer<Verified>(
    `${token}\u0000${key}\u0000${secret}`,
    secret !== ''
      ? async () => (await api()).jwt.verify.query({ token, ...keySource(secret) })
      : key !== ''
        ? async () => (await api()).jwt.verify.query({ token, key })
        : undefined,
  );
  // inspect-key takes a compact JWS: the token itself, or an SD-JWT's issuer-signed JWT; not a JSON serialization.
  const compact = token.trim().split('~')[0] ?? '';
  const inspection = useAnswer<Inspected>(
    `${token}\u0000${key}`,
    key === '' || compact.split('.').length !== 3 || compact.startsWith('{')
      ? undefined
      : async () => (await api()).jwt.inspectKey.query({ key, token: compact }),
  );
  return (
    <Section title="Verify the signature">
      {hmac ? (
        <SecretField
          id="verify-secret"
          label={`Secret (${algorithm})`}
          hint="The shared secret, as typed (its UTF-8 bytes, never trimmed), or an oct JWK."
          showLabel="Show the secret"
          value={secretText}
          onValue={setSecretText}
        />
      ) : (
        <PasteField
          id="verify-key"
          label="Public key, certificate or JWK Set (PEM or JSON)"
          hint={`Only public keys: ${here ? 'private keys are refused, and no key is ever fetched' : 'the service refuses private keys, and never fetches a key'} from the network. An HMAC token (HS256, HS384, HS512) asks for its secret instead.`}
          rows={4}
          value={keyText}
          onValue={onKey}
        />
      )}
      {privateKey ? (
        <>
          <PrivateKeyWarning />
          <p class="note">It was not sent. Paste the matching public key, certificate or JWK Set to verify the signature.</p>
        </>
      ) : null}
      <div aria-live="polite" class="verify-result">
        {answer.state === 'loading' ? <p>Checking…</p> : null}
        {answer.state === 'failed' ? <FailureNote failure={answer.failure} /> : null}
        {answer.state === 'done' ? (
          answer.value.valid ? (
            <p class="valid">
              Valid: the signature verifies with this {secret === '' ? 'key' : 'secret'} ({answer.value.algorithm ?? 'no alg'}
              {answer.value.key_id === null ? '' : `, key ${answer.value.key_id}`}).
            </p>
          ) : (
            <p class="not-valid">
              Not valid: {answer.value.reason?.message} (<code>{answer.value.reason?.code}</code>)
            </p>
          )
        ) : null}
        {answer.state === 'done' && inspection.state === 'done' ? <KeyMatch inspected={inspection.value} /> : null}
      </div>
    </Section>
  );
}
