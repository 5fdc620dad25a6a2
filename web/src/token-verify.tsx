import { useState } from 'preact/hooks';
import { KEY_DERIVATIONS, TOKEN_DIGESTS, VERIFY_OPTIONS } from 'timestamp-jwt-client';
import { api } from './api.js';
import { FailureNote, Json, PasteField, SecretField, Section, useRunsHere } from './common.js';
import { useAnswer, useDebounced, useReportedSecrets, type ReportSecrets } from './hooks.js';
import { TokenTimes } from './token-identify.js';
import { NO_OPTIONS, verifyInput, type Option, type Options, type VerifyFormat } from './token-verify-input.js';
import type { TokenVerified } from './types.js';

/** What an empty option means, format by format: the service's defaults, in words. */
const DEFAULTS: Readonly<Record<VerifyFormat, string>> = {
  itsdangerous:
    'Empty options take itsdangerous’s defaults: salt “itsdangerous” (“itsdangerous.Signer” for a bare signer), key derivation django-concat, the digest the signature’s length says.',
  flask_session: 'Empty options take Flask’s defaults: salt “cookie-session”, key derivation hmac, SHA-1.',
  django_signed:
    'Empty options take Django’s defaults: salt “django.core.signing” (“django.core.signing.Signer” for value:signature), the digest the signature’s length says.',
  express_signed_cookie: 'HMAC-SHA256 of the value, as cookie-signature makes it.',
  fernet: 'The key’s first 16 bytes check the HMAC, its last 16 decrypt.',
  paseto: 'A public PASETO is checked with its version’s public key; the implicit assertion is empty unless given.',
};

/** The options a format takes, each labelled; an empty one is the format's default. */
function OptionFields({ format, options, onOptions }: { format: VerifyFormat; options: Options; onOptions: (options: Options) => void }) {
  const taken = VERIFY_OPTIONS[format];
  const set = (name: Option) => (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
    onOptions({ ...options, [name]: event.currentTarget.value });
  return (
    <>
      <p class="hint">{DEFAULTS[format]}</p>
      {taken.includes('salt') ? (
        <p class="field">
          <label for="token-verify-salt">Salt</label>
          <input id="token-verify-salt" value={options.salt} spellcheck={false} autocomplete="off" onInput={set('salt')} />
        </p>
      ) : null}
      {taken.includes('key_derivation') ? (
        <p class="field">
          <label for="token-verify-derivation">Key derivation</label>
          <select id="token-verify-derivation" value={options.key_derivation} onChange={set('key_derivation')}>
            <option value="">the format’s default</option>
            {KEY_DERIVATIONS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {taken.includes('digest') ? (
        <p class="field">
          <label for="token-verify-digest">Digest</label>
          <select id="token-verify-digest" value={options.digest} onChange={set('digest')}>
            <option value="">the format’s default</option>
            {TOKEN_DIGESTS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {taken.includes('max_age') ? (
        <p class="field">
          <label for="token-verify-max-age">Maximum age in seconds</label>
          <input
            id="token-verify-max-age"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={options.max_age}
            onInput={set('max_age')}
            aria-describedby="token-verify-max-age-hint"
          />
          <span id="token-verify-max-age-hint" class="hint">
            Empty: no limit. Beyond it after the signed time, the value has expired.
          </span>
        </p>
      ) : null}
      {taken.includes('implicit_assertion') ? (
        <p class="field">
          <label for="token-verify-assertion">Implicit assertion (PASETO v3 and v4)</label>
          <input
            id="token-verify-assertion"
            value={options.implicit_assertion}
            spellcheck={false}
            autocomplete="off"
            onInput={set('implicit_assertion')}
          />
        </p>
      ) : null}
    </>
  );
}

function Verdict({ verified, now }: { verified: TokenVerified; now: number }) {
  return (
    <>
      {verified.valid ? (
        <p class="valid">Valid: the signature verifies with this key, and no time check fails.</p>
      ) : (
        <p class="not-valid">
          Not valid: {verified.reason?.message} (<code>{verified.reason?.code}</code>)
        </p>
      )}
      {verified.payload === null ? null : <Json value={verified.payload} label="Payload, as verified" />}
      <TokenTimes times={verified.times} now={now} caption="Times, after the check" />
    </>
  );
}

/**
 * The verify panel of the formats token.verify checks (contract §12): the secret, or a PASETO public key, and the
 * format's options, checked as the user types, sent in a mutation's body only. Nothing typed here goes into a share
 * link: the secret is named as left out.
 */
export function TokenVerifyPanel({
  value,
  formats,
  purpose,
  now,
  report,
}: {
  value: string;
  formats: readonly VerifyFormat[];
  /** A PASETO's purpose: a local one is encrypted, and decryption is not offered. */
  purpose: string | undefined;
  now: number;
  report: ReportSecrets;
}) {
  const here = useRunsHere();
  const [format, setFormat] = useState<VerifyFormat>(formats[0] ?? 'itsdangerous');
  const [keyText, setKeyText] = useState('');
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const paseto = format === 'paseto';
  useReportedSecrets(report, 'token-verify', keyText === '' || paseto ? [] : ['the secret key given to Verify']);
  const asked = useDebounced(JSON.stringify({ format, keyText, options }), 300);
  const sendable = keyText !== '' && !(paseto && purpose === 'local');
  const answer = useAnswer<TokenVerified>(
    `${value}\u0000${asked}`,
    sendable
      ? async () => {
          const held = JSON.parse(asked) as { format: VerifyFormat; keyText: string; options: Options };
          return (await api()).token.verify.mutate(verifyInput(value, held.format, held.keyText, held.options));
        }
      : undefined,
  );
  return (
    <Section title="Verify with a key">
      {formats.length > 1 ? (
        <p class="field">
          <label for="token-verify-format">Verify as</label>
          <select id="token-verify-format" value={format} onChange={(event) => setFormat(event.currentTarget.value as VerifyFormat)}>
            {formats.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {paseto && purpose === 'local' ? (
        <p>This is a local PASETO: its claims are encrypted, and decrypting them is not offered, here or by the service.</p>
      ) : paseto ? (
        <PasteField
          id="token-verify-key"
          label="Public key of the PASETO (PEM or JWK)"
          hint={`Only a public key: ${here ? 'a private key is refused' : 'the service refuses a private key'}, and no key is ever fetched.`}
          rows={3}
          value={keyText}
          onValue={setKeyText}
        />
      ) : (
        <SecretField
          id="token-verify-secret"
          label={format === 'fernet' ? 'Fernet key (44 base64url characters)' : `Secret key (${format})`}
          hint="As typed: its UTF-8 bytes, never trimmed."
          showLabel="Show the secret key"
          value={keyText}
          onValue={setKeyText}
        />
      )}
      {paseto && purpose === 'local' ? null : <OptionFields format={format} options={options} onOptions={setOptions} />}
      <div aria-live="polite" class="verify-result token-verify-result">
        {answer.state === 'loading' ? <p>Checking…</p> : null}
        {answer.state === 'failed' ? <FailureNote failure={answer.failure} /> : null}
        {answer.state === 'done' ? <Verdict verified={answer.value} now={now} /> : null}
      </div>
    </Section>
  );
}
