import { api } from './api.js';
import { FailureNote, PasteField, Section } from './common.js';
import { useAnswer, useDebounced } from './hooks.js';
import type { Verified } from './types.js';

/** The verify panel: a public key, certificate or JWK Set against the token, checked as the user types. */
export function VerifyPanel({ token, keyText, onKey }: { token: string; keyText: string; onKey: (key: string) => void }) {
  const key = useDebounced(keyText.trim(), 300);
  const answer = useAnswer<Verified>(`${token}\u0000${key}`, key === '' ? undefined : () => api.jwt.verify.query({ token, key }));
  return (
    <Section title="Verify the signature">
      <PasteField
        id="verify-key"
        label="Public key, certificate or JWK Set (PEM or JSON)"
        hint="Only public keys: the service refuses private keys and shared secrets, and never fetches a key from the network."
        rows={4}
        value={keyText}
        onValue={onKey}
      />
      <div aria-live="polite" class="verify-result">
        {answer.state === 'loading' ? <p>Checking…</p> : null}
        {answer.state === 'failed' ? <FailureNote failure={answer.failure} /> : null}
        {answer.state === 'done' ? (
          answer.value.valid ? (
            <p class="valid">
              Valid: the signature verifies with this key ({answer.value.algorithm ?? 'no alg'}
              {answer.value.key_id === null ? '' : `, key ${answer.value.key_id}`}).
            </p>
          ) : (
            <p class="not-valid">
              Not valid: {answer.value.reason?.message} (<code>{answer.value.reason?.code}</code>)
            </p>
          )
        ) : null}
      </div>
    </Section>
  );
}
