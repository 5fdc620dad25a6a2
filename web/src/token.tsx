import { Json, Name, Scroll, Section, When } from './common.js';
import { referenceUrl, tokenKind, type Explained } from './explained.js';
import { tokenParts } from './token-parts.js';
import type { Finding, TokenBody } from './types.js';

const SEVERITY_RANK = { critical: 0, warning: 1, info: 2 } as const;
const SEVERITY_WORD = { critical: 'Critical', warning: 'Warning', info: 'Info' } as const;

/** The pasted token cut into its parts, each in its colour and named in words. */
export function TokenParts({ input }: { input: string }) {
  const parts = tokenParts(input);
  if (parts.length === 0) return null;
  return (
    <Section title="Parts">
      <ol class="parts">
        {parts.map((part, index) => (
          <li key={index} class={`part part-${part.role}`}>
            <span class="part-label">{part.label}</span>
            <code>{part.text === '' ? '(empty)' : part.text}</code>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Findings({
  findings,
  none = "No findings: nothing in this token's header or claims is known to be risky.",
}: {
  findings: readonly Pick<Finding, 'severity' | 'message'>[] & readonly { code: string }[];
  none?: string;
}) {
  if (findings.length === 0) return <p>{none}</p>;
  const sorted = [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  return (
    <ul class="findings">
      {sorted.map((finding, index) => (
        <li key={index} class={`finding severity-${finding.severity}`}>
          <strong>{SEVERITY_WORD[finding.severity]}</strong> <code>{finding.code}</code>
          <p>{finding.message}</p>
        </li>
      ))}
    </ul>
  );
}

const valueText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** A member's value: a time claim with its date three ways, `amr` with each method named, anything else as JSON. */
function MemberValue({ entry, value, now }: { entry: Explained; value: unknown; now: number }) {
  if (entry.utc !== undefined && entry.utc !== null) {
    return (
      <>
        <code>{valueText(value)}</code> <When ms={entry.utc.unix_milliseconds} now={now} />
      </>
    );
  }
  if (entry.values !== undefined && entry.values !== null) {
    return (
      <ul class="amr">
        {entry.values.map((method, index) => (
          <li key={index}>
            <code>{valueText(method.value)}</code> {method.known ? method.description : '(not a registered method)'}
          </li>
        ))}
      </ul>
    );
  }
  return <code class="value">{valueText(value)}</code>;
}

/**
 * Members of a header or of the claims as the service explains them (contract §4d): each title
 * links to the document that defines it, and says who defines it.
 */
function MembersTable({
  caption,
  entries,
  values,
  now,
}: {
  caption: string;
  entries: readonly Explained[];
  values: Readonly<Record<string, unknown>>;
  now: number;
}) {
  return (
    <Scroll label={caption}>
      <table class="claims">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Meaning</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const url = referenceUrl(entry);
            return (
              <tr key={index}>
                <th scope="row">
                  <Name text={entry.name} />
                </th>
                <td>
                  {entry.known && url !== null ? (
                    <>
                      <a href={url} rel="noreferrer">
                        {entry.title}
                      </a>
                      {entry.description?.toLowerCase() === entry.title?.toLowerCase() ? null : (
                        <span class="description">{entry.description}</span>
                      )}
                      <span class="defined-by">{entry.defined_by.join(', ')}</span>
                    </>
                  ) : (
                    <span class="unknown">
                      {entry.in === 'header' ? 'Not a registered header parameter' : 'Not a registered claim, nor one of this issuer'}
                    </span>
                  )}
                </td>
                <td>
                  <MemberValue entry={entry} value={Object.hasOwn(values, entry.name) ? values[entry.name] : undefined} now={now} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scroll>
  );
}

/** Every claim explained: the registered and unknown ones, then the recognised issuer's own under its name. */
export function Claims({ body, claims, now }: { body: TokenBody; claims: Readonly<Record<string, unknown>>; now: number }) {
  const entries = body.explained.filter((entry) => entry.in === 'payload');
  if (entries.length === 0) return <p>No claims.</p>;
  const general = entries.filter((entry) => entry.vendor === null);
  const vendor = entries.filter((entry) => entry.vendor !== null);
  return (
    <>
      {general.length === 0 ? null : <MembersTable caption="Claims" entries={general} values={claims} now={now} />}
      {vendor.length === 0 || body.issuer_vendor === null ? null : (
        <MembersTable caption={`${body.issuer_vendor.name} claims`} entries={vendor} values={claims} now={now} />
      )}
    </>
  );
}

function SdJwt({ sd }: { sd: NonNullable<TokenBody['sd_jwt']> }) {
  return (
    <Section title="SD-JWT disclosures">
      <p>
        {sd.disclosures.length} {sd.disclosures.length === 1 ? 'disclosure' : 'disclosures'}, hashed with <code>{sd.hash_alg}</code>;{' '}
        {sd.undisclosed_digests} undisclosed {sd.undisclosed_digests === 1 ? 'digest' : 'digests'} (withheld claims or decoys: no one can
        tell which).
      </p>
      <Scroll label="Disclosures">
        <table>
          <caption>Disclosures</caption>
          <thead>
            <tr>
              <th scope="col">Claim</th>
              <th scope="col">Value</th>
              <th scope="col">Lands at</th>
              <th scope="col">Digest</th>
            </tr>
          </thead>
          <tbody>
            {sd.disclosures.map((disclosure, index) => (
              <tr key={index}>
                <th scope="row">{disclosure.name === null ? '(array element)' : <Name text={disclosure.name} />}</th>
                <td>
                  <code class="value">{JSON.stringify(disclosure.value)}</code>
                </td>
                <td>{disclosure.path === null ? 'matches no digest' : <code>{disclosure.path}</code>}</td>
                <td>
                  <code class="value">{disclosure.digest}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <h3>Disclosed payload</h3>
      <Json value={sd.disclosed_payload} label="Disclosed payload as JSON" />
      <h3>Key binding</h3>
      {sd.key_binding === null ? (
        <p>No key-binding JWT.</p>
      ) : (
        <>
          <p>
            Its <code>sd_hash</code> {sd.key_binding.sd_hash_matches ? 'matches' : 'does not match'} the presented SD-JWT.
          </p>
          <Json value={sd.key_binding.header} label="Key-binding JWT header as JSON" />
          <Json value={sd.key_binding.payload} label="Key-binding JWT payload as JSON" />
        </>
      )}
    </Section>
  );
}

function Jwe({ jwe }: { jwe: NonNullable<TokenBody['jwe']> }) {
  return (
    <Section title="Encryption">
      <p>The payload is encrypted: nothing of it can be shown, and no decryption key is ever asked for.</p>
      <dl class="facts">
        <dt>Content encryption (enc)</dt>
        <dd>{jwe.encryption ?? 'none given'}</dd>
        <dt>Compression (zip)</dt>
        <dd>{jwe.compression ?? 'none'}</dd>
        <dt>Encrypted key</dt>
        <dd>{jwe.encrypted_key_bytes} bytes</dd>
        <dt>Initialization vector</dt>
        <dd>{jwe.iv_bytes} bytes</dd>
        <dt>Ciphertext</dt>
        <dd>{jwe.ciphertext_bytes} bytes</dd>
        <dt>Authentication tag</dt>
        <dd>{jwe.tag_bytes} bytes</dd>
        <dt>Recipients</dt>
        <dd>{jwe.recipients.length}</dd>
      </dl>
    </Section>
  );
}

function Signatures({ signatures }: { signatures: NonNullable<TokenBody['signatures']> }) {
  return (
    <Section title="Signatures">
      <ol>
        {signatures.map((signature, index) => (
          <li key={index}>
            <code>{signature.algorithm ?? 'no alg'}</code>
            {signature.key_id === null ? null : (
              <>
                {' '}
                key <code>{signature.key_id}</code>
              </>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}

const FORM_NAMES: Record<TokenBody['encoding'], string> = {
  jwt: 'JWT (compact JWS)',
  jwe: 'JWE (compact)',
  'jwe-json': 'JWE (JSON serialization)',
  'jws-json': 'JWS (JSON serialization)',
  'sd-jwt': 'SD-JWT',
};

/** The issuer a token's `iss` names, and what kind of token its claims suggest: said first, since people paste tokens to learn this. */
export function IssuerLine({ body }: { body: TokenBody }) {
  if (body.issuer_vendor === null) return null;
  // "ID token from Microsoft Entra ID", never "Microsoft Entra ID ID token".
  const kind = tokenKind(body.header, body.sd_jwt?.disclosed_payload ?? body.payload);
  return (
    <p class="issuer">
      <strong>
        {kind.charAt(0).toUpperCase()}
        {kind.slice(1)} from {body.issuer_vendor.name}
      </strong>
      , recognised from its issuer (<code>iss</code> matches <code>{body.issuer_vendor.detected_by}</code>); nothing is verified.
    </p>
  );
}

/** Everything a decode body says, at any nesting depth; the outer token's issuer line is the page's to place. */
export function TokenDetails({ body, now, depth = 1 }: { body: TokenBody; now: number; depth?: number }) {
  const claims = body.sd_jwt?.disclosed_payload ?? body.payload;
  return (
    <div class="token">
      {depth > 1 ? <IssuerLine body={body} /> : null}
      <p class="summary">
        {body.encoding === 'jws-json' && body.sd_jwt !== undefined ? 'SD-JWT (JWS JSON serialization)' : FORM_NAMES[body.encoding]}
        {body.serialization === undefined ? '' : `, ${body.serialization}`}; algorithm <code>{body.algorithm ?? 'none given'}</code>
        {body.token_type === null ? '' : `, type ${body.token_type}`}
        {body.expired === null ? '' : body.expired ? '; expired' : '; not expired'}.
      </p>
      <Section title="Findings">
        <Findings findings={body.findings} />
      </Section>
      <Section title="Header">
        <MembersTable
          caption="Header parameters"
          entries={body.explained.filter((entry) => entry.in === 'header')}
          values={body.header}
          now={now}
        />
        <Json value={body.header} label="Header as JSON" />
      </Section>
      {body.payload === null ? null : (
        <Section title="Payload">
          <Claims body={body} claims={claims ?? body.payload} now={now} />
          <Json value={body.payload} label="Payload as JSON" />
        </Section>
      )}
      {body.signatures === undefined ? null : <Signatures signatures={body.signatures} />}
      {body.jwe === undefined ? null : <Jwe jwe={body.jwe} />}
      {body.sd_jwt === undefined ? null : <SdJwt sd={body.sd_jwt} />}
      {body.nested === undefined ? null : (
        <Section title={`Nested token, level ${depth + 1}`}>
          <div class="nested">
            <TokenDetails body={body.nested} now={now} depth={depth + 1} />
          </div>
        </Section>
      )}
    </div>
  );
}
