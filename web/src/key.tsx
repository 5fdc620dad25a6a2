import { CopyButton, Json, Scroll, Section, When, useRunsHere } from './common.js';
import { Findings } from './token.js';
import type { Inspected, InspectedKey } from './types.js';

/** "EC P-256, 256 bits, kid 1", the way a person names a key. */
export function keyKind(key: InspectedKey): string {
  const kind = key.crv === null ? key.kty : `${key.kty} ${key.crv}`;
  return `${kind}, ${key.size_bits} bits${key.kid === null ? '' : `, kid ${key.kid}`}`;
}

/** Said in red, in words, the moment a private key or a secret is pasted: before any answer arrives. */
export function PrivateKeyWarning() {
  const here = useRunsHere();
  return (
    <p class="private-key" role="alert">
      This text holds a private key or a shared secret. Whoever sees it can sign tokens as its owner: never publish it or paste it into a
      site you do not run.{' '}
      {here
        ? 'This page reads it in this browser and never sends it.'
        : 'This page sends it only to this service, which never echoes or logs it.'}
    </p>
  );
}

/** A value the user will want elsewhere, with its copy button. */
function Copyable({ label, value, block = false }: { label: string; value: string; block?: boolean }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        {block ? <pre class="json">{value}</pre> : <code>{value}</code>} <CopyButton text={value} what={label} />
      </td>
    </tr>
  );
}

function CertificateRows({ certificate, now }: { certificate: NonNullable<InspectedKey['certificate']>; now: number }) {
  const chain =
    certificate.issued_by_next === null
      ? certificate.self_signed
        ? 'self-signed'
        : 'last in the chain'
      : certificate.issued_by_next
        ? 'issued by the next certificate'
        : 'not issued by the next certificate';
  return (
    <>
      <tr>
        <th scope="row">Subject</th>
        <td>
          <code>{certificate.subject}</code>
        </td>
      </tr>
      <tr>
        <th scope="row">Issuer</th>
        <td>
          <code>{certificate.issuer}</code> ({chain})
        </td>
      </tr>
      <tr>
        <th scope="row">Valid from</th>
        <td>
          <When ms={certificate.not_before.unix_milliseconds} now={now} />
        </td>
      </tr>
      <tr>
        <th scope="row">Valid until</th>
        <td>
          <When ms={certificate.not_after.unix_milliseconds} now={now} />{' '}
          {certificate.expired ? 'expired' : `${certificate.days_left} ${certificate.days_left === 1 ? 'day' : 'days'} left`}
        </td>
      </tr>
      {certificate.subject_alt_names.length === 0 ? null : (
        <tr>
          <th scope="row">Alternative names</th>
          <td>{certificate.subject_alt_names.join(', ')}</td>
        </tr>
      )}
      <tr>
        <th scope="row">Serial</th>
        <td>
          <code>{certificate.serial}</code>
        </td>
      </tr>
      <Copyable label="x5t#S256" value={certificate.x5t_s256} />
    </>
  );
}

/** One key: its certificate's subject, issuer and validity first, then its thumbprints and public forms to copy, and its findings. */
export function KeyView({ inspected, index, now }: { inspected: InspectedKey; index: number; now: number }) {
  return (
    <Section title={`Key ${index + 1}: ${keyKind(inspected)}`}>
      {inspected.private ? <PrivateKeyWarning /> : null}
      <Scroll label={`Key ${index + 1}`}>
        <table class="key">
          <tbody>
            {/* Whose key it is and until when comes first (contract §10); its long forms last. */}
            {inspected.certificate === null ? null : <CertificateRows certificate={inspected.certificate} now={now} />}
            <Copyable label="Thumbprint (RFC 7638, SHA-256)" value={inspected.thumbprint.sha256} />
            <Copyable label="Thumbprint URI (RFC 9278)" value={inspected.thumbprint.uri} />
            {inspected.public_jwk === null ? null : (
              <Copyable label="Public JWK" value={JSON.stringify(inspected.public_jwk, null, 2)} block />
            )}
            {inspected.public_pem === null ? null : <Copyable label="Public PEM" value={inspected.public_pem} block />}
          </tbody>
        </table>
      </Scroll>
      <Findings findings={inspected.findings} none="No findings: nothing about this key is known to be wrong." />
    </Section>
  );
}

/** The inspection of pasted key material: every key, then what is wrong with the set as a whole. */
export function KeyInspection({ body, now }: { body: Inspected; now: number }) {
  return (
    <>
      {body.keys.map((inspected, index) => (
        <KeyView key={index} inspected={inspected} index={index} now={now} />
      ))}
      {body.findings.length === 0 ? null : (
        <Section title="The set">
          <Findings findings={body.findings} />
        </Section>
      )}
      <details>
        <summary>The answer as JSON</summary>
        <Json value={body} label="inspect-key answer" />
      </details>
    </>
  );
}
