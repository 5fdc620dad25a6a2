import type { Validated } from './types.js';

type Check = Validated['checks'][number];
export type ProfileName = Validated['profile'];

/** Each profile as the top of a decoded token names it. */
export const PROFILE_TITLES: Readonly<Record<ProfileName, string>> = {
  oidc_id_token: 'OIDC ID token',
  oauth_access_token: 'OAuth 2.0 access token (RFC 9068)',
  dpop_proof: 'DPoP proof (RFC 9449)',
  client_assertion: 'Client assertion (RFC 7523)',
  logout_token: 'Back-channel logout token',
  security_event_token: 'Security event token (RFC 8417)',
};

const RFC_EDITOR = 'https://www.rfc-editor.org/rfc/rfc';
/** The OpenID documents that rule references cite, and the anchors of the sections they cite (from the specifications' sources). */
const OPENID: ReadonlyArray<readonly [prefix: string, url: string, anchors: Readonly<Record<string, string>>]> = [
  [
    'OpenID Connect Core 1.0',
    'https://openid.net/specs/openid-connect-core-1_0.html',
    {
      '2': 'IDToken',
      '3.1.3.7': 'IDTokenValidation',
      '3.2.2.9': 'ImplicitTokenValidation',
      '3.3.2.10': 'CodeValidation',
      '9': 'ClientAuthentication',
    },
  ],
  [
    'OpenID Connect Back-Channel Logout 1.0',
    'https://openid.net/specs/openid-connect-backchannel-1_0.html',
    { '2.4': 'LogoutToken', '2.6': 'Validation' },
  ],
  ['FAPI 1.0 Advanced', 'https://openid.net/specs/openid-financial-api-part-2-1_0.html', {}],
];

/** Where a rule's `reference` ("[RFC 9449 §4.3]", "[OpenID Connect Core 1.0 §3.1.3.7]") points: the section when it is known, else the document. */
export function ruleReferenceUrl(reference: string): string | undefined {
  const cited = /^\[(.+) §([\d.]+)\]$/.exec(reference);
  if (cited === null) return undefined;
  const [, document = '', section = ''] = cited;
  const rfc = /^RFC (\d+)$/.exec(document);
  if (rfc !== null) return `${RFC_EDITOR}${rfc[1]}#section-${section}`;
  const openid = OPENID.find(([prefix]) => prefix === document);
  if (openid === undefined) return undefined;
  const anchor = openid[2][section];
  return anchor === undefined ? openid[1] : `${openid[1]}#${anchor}`;
}

const ASKS = /^not checked: give ([a-z_]+)$/;

/**
 * The parameters a profile's rules read, in the rules' order, from a validation made with the token
 * alone: each rule left unchecked for want of a parameter names it (contract §4e). `clock_tolerance`
 * is never missing, so it is not among them.
 */
export function parametersAsked(checks: readonly Check[]): string[] {
  const asked = checks.flatMap((check) => (check.passed === null ? (ASKS.exec(check.message)?.slice(1, 2) ?? []) : []));
  return [...new Set(asked)];
}
