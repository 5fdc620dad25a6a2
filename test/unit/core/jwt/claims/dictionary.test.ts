import { describe, expect, it } from 'vitest';
import { numericDateUtc } from '../../../../../src/core/jwt/compact.js';
import { AMR_VALUES } from '../../../../../src/core/jwt/claims/amr-values.js';
import { CLAIM_DICTIONARY, explainToken, patternRegExp } from '../../../../../src/core/jwt/claims/dictionary.js';
import { IANA_CLAIMS, IANA_HEADER_PARAMETERS } from '../../../../../src/core/jwt/claims/iana-registry.js';
import { VENDOR_PACKS } from '../../../../../src/core/jwt/claims/vendor-packs.js';
import { DICTIONARY_VENDORS } from '../../../../../src/core/jwt/vocabulary.js';

// Contract §4d: the vendors, their patterns in order, and the claims each pack explains at least.
const CONTRACT_PACKS: ReadonlyArray<readonly [code: string, name: string, patterns: readonly string[], claims: string]> = [
  [
    'entra',
    'Microsoft Entra ID',
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://sts.windows.net/{tenant}/'],
    'acct acrs aio app_displayname appid appidacr azpacr ctry deviceid fwd groups hasgroups idp idtyp in_corp ipaddr login_hint oid onprem_sid pwd_exp pwd_url rh roles scp tenant_ctry tenant_region_scope tid unique_name upn uti ver verified_primary_email wids xms_cc xms_mirid xms_pdl xms_tpl',
  ],
  ['auth0', 'Auth0', ['https://{tenant}.auth0.com/'], 'gty org_id org_name permissions'],
  ['okta', 'Okta', ['https://{org}.okta.com[/oauth2/{server}]', 'https://{org}.oktapreview.com[/oauth2/{server}]'], 'cid idp scp uid ver'],
  ['keycloak', 'Keycloak', ['http[s]://{host}[/auth]/realms/{realm}'], 'allowed-origins realm_access resource_access session_state typ'],
  ['google', 'Google', ['https://accounts.google.com', 'accounts.google.com'], 'hd'],
  [
    'cognito',
    'Amazon Cognito',
    ['https://cognito-idp.{region}.amazonaws.com/{user_pool}'],
    'cognito:groups cognito:preferred_role cognito:roles cognito:username event_id identities origin_jti token_use username version',
  ],
  ['firebase', 'Firebase Authentication', ['https://securetoken.google.com/{project}'], 'firebase user_id'],
  [
    'github_actions',
    'GitHub Actions',
    ['https://token.actions.githubusercontent.com[/{enterprise}]'],
    'actor actor_id base_ref check_run_id enterprise enterprise_id environment environment_node_id event_name head_ref job_workflow_ref job_workflow_sha ref ref_type repository repository_id repository_owner repository_owner_id ref_protected repository_visibility run_attempt run_id run_number runner_environment sha workflow workflow_ref workflow_sha',
  ],
  [
    'kubernetes',
    'Kubernetes',
    [
      'https://kubernetes.default.svc[.cluster.local]',
      'kubernetes/serviceaccount',
      'https://oidc.eks.{region}.amazonaws.com/id/{cluster}',
      'https://container.googleapis.com/v1/projects/{project}/locations/{location}/clusters/{cluster}',
    ],
    'kubernetes.io kubernetes.io/serviceaccount/namespace kubernetes.io/serviceaccount/secret.name kubernetes.io/serviceaccount/service-account.name kubernetes.io/serviceaccount/service-account.uid',
  ],
  ['apple', 'Sign in with Apple', ['https://appleid.apple.com'], 'is_private_email nonce_supported real_user_status transfer_sub'],
];

// Names the contract lists that no pack explains, because the vendor documents them nowhere public: Microsoft's
// documentation never names xms_mirid (it calls it an internally documented first-party claim in
// https://github.com/MicrosoftDocs/azure-docs/issues/96027), so there is nothing to explain it from.
const UNDOCUMENTED: Readonly<Record<string, readonly string[]>> = { entra: ['xms_mirid'] };

const payloadOf = (claims: Record<string, unknown>) => explainToken({}, claims);
const member = (claims: Record<string, unknown>, name: string) => payloadOf(claims).explained.find((entry) => entry.name === name);

describe('the vendor packs', () => {
  it('are the ten of contract §4d, in table order, with their patterns in order', () => {
    expect(VENDOR_PACKS.map((pack) => [pack.code, pack.name, pack.patterns])).toEqual(
      CONTRACT_PACKS.map(([code, name, patterns]) => [code, name, patterns]),
    );
    expect(DICTIONARY_VENDORS).toEqual(['iana', ...CONTRACT_PACKS.map(([code]) => code)]);
  });

  it.each(CONTRACT_PACKS)(
    '%s explains the claims the contract lists, but those its vendor documents nowhere, each with an https reference',
    (code, _name, _patterns, claims) => {
      const pack = VENDOR_PACKS.find((candidate) => candidate.code === code)!;
      const undocumented = UNDOCUMENTED[code] ?? [];
      for (const name of claims.split(' ').filter((listed) => !undocumented.includes(listed))) {
        const entry = pack.claims[name];
        expect(entry, name).toBeDefined();
        expect(entry!.title.length, name).toBeGreaterThan(0);
        expect(entry!.title.length, name).toBeLessThanOrEqual(80);
        expect(entry!.description.length, name).toBeGreaterThan(entry!.title.length > 20 ? 20 : 0);
        expect(entry!.reference, name).toMatch(/^https:\/\/[a-z0-9.-]+\//);
      }
    },
  );

  it('leaves out the listed claims that the vendor documents nowhere, so they stay unknown', () => {
    const entra = { iss: 'https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/', xms_mirid: '/subscriptions/s' };
    expect(VENDOR_PACKS.find((pack) => pack.code === 'entra')!.claims.xms_mirid).toBeUndefined();
    expect(member(entra, 'xms_mirid')).toMatchObject({ known: false, vendor: null, reference: null });
  });

  // Each claim the contract's lists gained, under an issuer of its vendor, with the page that documents it.
  const ENTRA_OPTIONAL = 'https://learn.microsoft.com/en-us/entra/identity-platform/optional-claims-reference';
  const ENTRA_RESTRICTED =
    'https://learn.microsoft.com/en-us/entra/identity-platform/reference-claims-customization#json-web-token-jwt-restricted-claim-set';
  const ENTRA_ISS = 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0';
  const GITHUB_ISS = 'https://token.actions.githubusercontent.com';
  it.each([
    ['entra', ENTRA_ISS, 'acct', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'login_hint', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'ctry', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'tenant_ctry', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'tenant_region_scope', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'xms_pdl', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'xms_tpl', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'verified_primary_email', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'fwd', ENTRA_OPTIONAL],
    ['entra', ENTRA_ISS, 'app_displayname', ENTRA_RESTRICTED],
    ['entra', ENTRA_ISS, 'deviceid', ENTRA_RESTRICTED],
    [
      'github_actions',
      GITHUB_ISS,
      'ref_protected',
      'https://docs.github.com/en/actions/reference/workflows-and-actions/contexts#github-context',
    ],
    ['github_actions', GITHUB_ISS, 'environment_node_id', 'https://docs.github.com/en/actions/reference/security/oidc#oidc-token-claims'],
  ])('%s: under iss %s, %s is the vendor claim, citing %s', (code, iss, name, reference) => {
    const pack = VENDOR_PACKS.find((candidate) => candidate.code === code)!;
    expect(member({ iss, [name]: 'x' }, name)).toEqual({
      in: 'payload',
      name,
      known: true,
      title: pack.claims[name]!.title,
      description: pack.claims[name]!.description,
      defined_by: [pack.name],
      reference,
      vendor: code,
    });
    expect(member({ iss: 'https://issuer.example', [name]: 'x' }, name)).toMatchObject({ known: false, vendor: null });
  });
});

describe('patternRegExp: {…} is one or more characters but / ? #, […] is optional, the rest is literal', () => {
  it.each([
    [
      'https://login.microsoftonline.com/{tenant}/v2.0',
      'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
      true,
    ],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com//v2.0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com/a/b/v2.0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com/a?b/v2.0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com/a#b/v2.0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com/t/v2x0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://login.microsoftonline.com/t/v2.0/', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'xhttps://login.microsoftonline.com/t/v2.0', false],
    ['https://login.microsoftonline.com/{tenant}/v2.0', 'HTTPS://login.microsoftonline.com/t/v2.0', false],
    ['https://{org}.okta.com[/oauth2/{server}]', 'https://dev-133337.okta.com', true],
    ['https://{org}.okta.com[/oauth2/{server}]', 'https://dev-133337.okta.com/oauth2/default', true],
    ['https://{org}.okta.com[/oauth2/{server}]', 'https://dev-133337.okta.com/oauth2/', false],
    ['https://{org}.okta.com[/oauth2/{server}]', 'https://dev-133337.okta.com/', false],
    ['https://{org}.oktapreview.com[/oauth2/{server}]', 'https://dev-133337.oktapreview.com', true],
    ['https://{org}.oktapreview.com[/oauth2/{server}]', 'https://dev-133337.oktapreview.com/oauth2/default', true],
    ['https://{org}.oktapreview.com[/oauth2/{server}]', 'https://dev-133337.oktapreview.com.evil.example', false],
    ['https://{org}.oktapreview.com[/oauth2/{server}]', 'https://dev-133337.oktapreviewXcom', false],
    ['http[s]://{host}[/auth]/realms/{realm}', 'http://localhost:8080/realms/master', true],
    ['http[s]://{host}[/auth]/realms/{realm}', 'https://sso.example.com/auth/realms/acme', true],
    ['http[s]://{host}[/auth]/realms/{realm}', 'httpss://sso.example.com/realms/acme', false],
    ['https://kubernetes.default.svc[.cluster.local]', 'https://kubernetes.default.svc', true],
    ['https://kubernetes.default.svc[.cluster.local]', 'https://kubernetes.default.svc.cluster.local', true],
    ['https://kubernetes.default.svc[.cluster.local]', 'https://kubernetes.default.svcXcluster.local', false],
    ['kubernetes/serviceaccount', 'kubernetes/serviceaccount', true],
    ['a+b*c(d)|e^f$g\\h', 'a+b*c(d)|e^f$g\\h', true],
    ['a+b*c(d)|e^f$g\\h', 'aab', false],
  ])('%s against %s: %s', (pattern, iss, matches) => {
    expect(patternRegExp(pattern).test(iss)).toBe(matches);
  });
});

describe('issuer_vendor', () => {
  it.each([
    [
      'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
      'entra',
      'https://login.microsoftonline.com/{tenant}/v2.0',
    ],
    ['https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/', 'entra', 'https://sts.windows.net/{tenant}/'],
    ['https://dev-abc.auth0.com/', 'auth0', 'https://{tenant}.auth0.com/'],
    ['https://dev-133337.okta.com/oauth2/default', 'okta', 'https://{org}.okta.com[/oauth2/{server}]'],
    ['https://dev-133337.oktapreview.com', 'okta', 'https://{org}.oktapreview.com[/oauth2/{server}]'],
    ['https://dev-133337.oktapreview.com/oauth2/default', 'okta', 'https://{org}.oktapreview.com[/oauth2/{server}]'],
    ['https://sso.example.com/realms/acme', 'keycloak', 'http[s]://{host}[/auth]/realms/{realm}'],
    ['accounts.google.com', 'google', 'accounts.google.com'],
    ['https://accounts.google.com', 'google', 'https://accounts.google.com'],
    ['https://cognito-idp.us-west-2.amazonaws.com/us-west-2_example', 'cognito', 'https://cognito-idp.{region}.amazonaws.com/{user_pool}'],
    ['https://securetoken.google.com/my-project', 'firebase', 'https://securetoken.google.com/{project}'],
    ['https://token.actions.githubusercontent.com', 'github_actions', 'https://token.actions.githubusercontent.com[/{enterprise}]'],
    [
      'https://token.actions.githubusercontent.com/octo-inc',
      'github_actions',
      'https://token.actions.githubusercontent.com[/{enterprise}]',
    ],
    [
      'https://oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE',
      'kubernetes',
      'https://oidc.eks.{region}.amazonaws.com/id/{cluster}',
    ],
    [
      'https://container.googleapis.com/v1/projects/p/locations/europe-west1/clusters/c',
      'kubernetes',
      'https://container.googleapis.com/v1/projects/{project}/locations/{location}/clusters/{cluster}',
    ],
    ['https://appleid.apple.com', 'apple', 'https://appleid.apple.com'],
  ])('%s is %s, by %s', (iss, code, detectedBy) => {
    const vendor = payloadOf({ iss }).issuer_vendor;
    expect(vendor).toEqual({ code, name: VENDOR_PACKS.find((pack) => pack.code === code)!.name, detected_by: detectedBy });
  });

  it.each([
    ['an unknown issuer', 'https://issuer.example'],
    ['a pattern with a trailing slash missing', 'https://sts.windows.net/72f988bf'],
    ['another letter case', 'https://Accounts.google.com'],
    ['a prefix of a longer URL', 'https://appleid.apple.com.evil.example'],
    ['an Okta preview look-alike', 'https://dev-133337.oktapreview.com.evil.example'],
    ['an Okta preview look-alike with a server', 'https://dev-133337.oktapreview.com.evil.example/oauth2/default'],
    ['an Okta preview host under another domain', 'https://oktapreview.com.evil.example/x.oktapreview.com'],
  ])('is null for %s', (_title, iss) => {
    expect(payloadOf({ iss }).issuer_vendor).toBeNull();
  });

  it.each([
    ['a number', 42],
    ['an array', ['https://appleid.apple.com']],
    ['null', null],
  ])('is null when iss is %s', (_title, iss) => {
    expect(payloadOf({ iss }).issuer_vendor).toBeNull();
  });

  it('is null without claims or without iss', () => {
    expect(explainToken({ alg: 'RS256' }, null).issuer_vendor).toBeNull();
    expect(payloadOf({ tid: 'x' }).issuer_vendor).toBeNull();
  });
});

describe('explained', () => {
  it('lists the header members, then the claims, each in the order written', () => {
    const { explained } = explainToken({ typ: 'JWT', alg: 'HS256', 'x-custom': 1 }, { sub: '1', '2': 'two', iss: 'i' });
    expect(explained.map((entry) => [entry.in, entry.name])).toEqual([
      ['header', 'typ'],
      ['header', 'alg'],
      ['header', 'x-custom'],
      ['payload', '2'],
      ['payload', 'sub'],
      ['payload', 'iss'],
    ]);
  });

  it('explains a header member from the header parameters registry, never from a pack', () => {
    const { explained } = explainToken(
      { 'x5t#S256': 'abc', tid: 'x' },
      { iss: 'https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/' },
    );
    expect(explained[0]).toEqual({
      in: 'header',
      name: 'x5t#S256',
      known: true,
      title: 'X.509 certificate SHA-256 thumbprint',
      description: 'X.509 Certificate SHA-256 Thumbprint',
      defined_by: ['RFC 7515', 'RFC 7516'],
      reference: '[RFC7515, Section 4.1.8] [RFC7516, Section 4.1.10]',
      vendor: null,
    });
    expect(explained[1]).toMatchObject({ in: 'header', name: 'tid', known: false, vendor: null });
  });

  it("explains a detected vendor's claim from its pack", () => {
    expect(member({ iss: 'https://sts.windows.net/72f9/', tid: '72f9' }, 'tid')).toEqual({
      in: 'payload',
      name: 'tid',
      known: true,
      title: 'Tenant ID',
      description: VENDOR_PACKS[0]!.claims.tid!.description,
      defined_by: ['Microsoft Entra ID'],
      reference: 'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference',
      vendor: 'entra',
    });
  });

  it("puts IANA's documents before the vendor's name when a pack redefines a registered claim", () => {
    const entra = { iss: 'https://login.microsoftonline.com/t/v2.0', groups: [], roles: [] };
    expect(member(entra, 'groups')).toMatchObject({ vendor: 'entra', defined_by: ['RFC 7643', 'RFC 9068', 'Microsoft Entra ID'] });
    expect(member(entra, 'roles')?.defined_by.at(-1)).toBe('Microsoft Entra ID');
    const github = { iss: 'https://token.actions.githubusercontent.com', ref: 'refs/heads/main' };
    expect(member(github, 'ref')).toMatchObject({
      vendor: 'github_actions',
      title: 'Git ref',
      defined_by: ['OpenID Federation 1.0', 'GitHub Actions'],
    });
  });

  it("never gives a vendor's meaning to a claim from another issuer", () => {
    const claims = { iss: 'https://issuer.example', tid: 't', ref: 'refs/heads/main', groups: ['g'] };
    expect(member(claims, 'tid')).toEqual({
      in: 'payload',
      name: 'tid',
      known: false,
      title: null,
      description: null,
      defined_by: [],
      reference: null,
      vendor: null,
    });
    expect(member(claims, 'ref')).toMatchObject({ known: true, vendor: null, title: 'Reference', defined_by: ['OpenID Federation 1.0'] });
    expect(member(claims, 'groups')).toMatchObject({ known: true, vendor: null, defined_by: ['RFC 7643', 'RFC 9068'] });
    expect(member({ iss: 'https://accounts.google.com', tid: 't' }, 'tid')?.known).toBe(false);
  });

  it('explains every IANA claim name under any issuer, with its registry entry', () => {
    const claims = Object.fromEntries(IANA_CLAIMS.map((entry) => [entry.name, 'x']));
    const explained = payloadOf(claims).explained;
    expect(explained).toHaveLength(IANA_CLAIMS.length);
    for (const [index, entry] of IANA_CLAIMS.entries()) {
      expect(explained[index]).toMatchObject({
        in: 'payload',
        name: entry.name,
        known: true,
        title: entry.title,
        description: entry.description,
        defined_by: entry.defined_by,
        reference: entry.reference,
        vendor: null,
      });
    }
  });

  it('explains every IANA header parameter name', () => {
    const header = Object.fromEntries(IANA_HEADER_PARAMETERS.map((entry) => [entry.name, 'x']));
    const explained = explainToken(header, null).explained;
    expect(explained.map((entry) => [entry.name, entry.known, entry.title])).toEqual(
      IANA_HEADER_PARAMETERS.map((entry) => [entry.name, true, entry.title]),
    );
  });

  it.each(['EXP', 'toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', ' exp', 'exp '])(
    'treats %j as unknown: names are exact, and looked up in maps',
    (name) => {
      const claims = JSON.parse(`{"iss":"https://sts.windows.net/t/",${JSON.stringify(name)}:1}`) as Record<string, unknown>;
      expect(member(claims, name)).toEqual({
        in: 'payload',
        name,
        known: false,
        title: null,
        description: null,
        defined_by: [],
        reference: null,
        vendor: null,
      });
    },
  );

  it('has only the header entries when there are no claims', () => {
    expect(explainToken({ alg: 'RSA-OAEP', enc: 'A256GCM' }, null).explained.map((entry) => entry.name)).toEqual(['alg', 'enc']);
  });
});

describe('time claims carry utc', () => {
  it.each(['exp', 'nbf', 'iat', 'auth_time', 'updated_at', 'toe'])('%s carries the instant', (name) => {
    expect(member({ [name]: 1537234948 }, name)?.utc).toEqual({
      iso: '2018-09-18T01:42:28Z',
      unix_seconds: 1537234948,
      unix_milliseconds: 1537234948000,
    });
  });

  it('takes exp, iat and nbf as the caller read them, and reads the other times itself', () => {
    const given = (iso: string) => ({ iso, unix_seconds: 0, unix_milliseconds: 0 });
    const times = { exp: given('exp as read'), iat: given('iat as read'), nbf: null };
    const explained = explainToken({}, { exp: 1, iat: 2, nbf: 3, auth_time: 4 }, times).explained;
    expect(explained.map((entry) => entry.utc)).toEqual([times.exp, times.iat, null, numericDateUtc(4)]);
    expect(explained[0]?.utc).toBe(times.exp);
    expect(explained[1]?.utc).toBe(times.iat);
  });

  it('no other claim carries utc, and only amr carries values', () => {
    const explained = payloadOf({ jti: 1537234948, sub: 'x', amr: ['pwd'], iat: 1 }).explained;
    expect(explained.map((entry) => [entry.name, 'utc' in entry, 'values' in entry])).toEqual([
      ['jti', false, false],
      ['sub', false, false],
      ['amr', false, true],
      ['iat', true, false],
    ]);
  });

  it.each([
    [1.001, 1001, 1, '1970-01-01T00:00:01Z'],
    [1537234948.5679, 1537234948567, 1537234948, '2018-09-18T01:42:28Z'],
    [0.0009, 0, 0, '1970-01-01T00:00:00Z'],
    // One millisecond exactly is no longer below a millisecond.
    [0.001, 1, 0, '1970-01-01T00:00:00Z'],
    [-0.001, -1, -1, '1969-12-31T23:59:59Z'],
    [-0.0009, -1, -1, '1969-12-31T23:59:59Z'],
    [-1.5, -1500, -2, '1969-12-31T23:59:58Z'],
    [-1.0005, -1001, -2, '1969-12-31T23:59:58Z'],
    [-1.25, -1250, -2, '1969-12-31T23:59:58Z'],
    [0, 0, 0, '1970-01-01T00:00:00Z'],
    [-62135596800, -62135596800000, -62135596800, '0001-01-01T00:00:00Z'],
    [253402300799.999, 253402300799999, 253402300799, '9999-12-31T23:59:59Z'],
    [253402300799, 253402300799000, 253402300799, '9999-12-31T23:59:59Z'],
    [1e-7, 0, 0, '1970-01-01T00:00:00Z'],
    [-1e-7, -1, -1, '1969-12-31T23:59:59Z'],
    [-1.125, -1125, -2, '1969-12-31T23:59:58Z'],
  ])('%s s is %s ms, floored', (seconds, ms, unixSeconds, iso) => {
    expect(numericDateUtc(seconds)).toEqual({ iso, unix_seconds: unixSeconds, unix_milliseconds: ms });
  });

  it.each([
    ['a string', '1537234948'],
    ['null', null],
    ['a boolean', true],
    ['an array', [1]],
    ['before year 1', -62135596801],
    ['a millisecond before year 1', -62135596800.001],
    ['after year 9999', 253402300800],
    ['far out of range', 1e300],
    ['a large integer kept verbatim', JSON.rawJSON('123456789012345678901234567890')],
  ])('is null for %s', (_title, value) => {
    expect(numericDateUtc(value)).toBeNull();
  });
});

describe('amr carries its values', () => {
  it('explains each element in order, registered or not', () => {
    expect(member({ amr: ['pwd', 'mfa', 'PWD', 7, 'pop', null] }, 'amr')?.values).toEqual([
      { value: 'pwd', known: true, description: 'Password-based authentication', defined_by: ['RFC 8176'] },
      { value: 'mfa', known: true, description: 'Multiple-factor authentication', defined_by: ['RFC 8176'] },
      { value: 'PWD', known: false, description: null, defined_by: [] },
      { value: 7, known: false, description: null, defined_by: [] },
      {
        value: 'pop',
        known: true,
        description: 'Proof-of-possession of a key',
        defined_by: ['OpenID Connect Extended Authentication Profile (EAP) ACR Values 1.0'],
      },
      { value: null, known: false, description: null, defined_by: [] },
    ]);
  });

  it.each([
    ['a string', 'pwd'],
    ['an object', { 0: 'pwd' }],
    ['null', null],
  ])('is null when amr is %s', (_title, amr) => {
    expect(member({ amr }, 'amr')?.values).toBeNull();
  });

  it('knows at least the values contract §4d lists, all RFC 8176 but pop', () => {
    const values = 'face fpt geo hwk iris kba mca mfa otp pin pop pwd rba retina sc sms swk tel user vbm wia'.split(' ');
    for (const value of values) expect(AMR_VALUES.has(value), value).toBe(true);
    for (const value of values.filter((value) => value !== 'pop')) expect(AMR_VALUES.get(value)?.defined_by).toEqual(['RFC 8176']);
  });
});

describe('the dictionary', () => {
  it("lists IANA's header parameters, then its claims, then each pack's claims in code-point order", () => {
    const packs = VENDOR_PACKS.flatMap((pack) =>
      Object.keys(pack.claims)
        .sort((a, b) => (a < b ? -1 : 1))
        .map((name) => `${pack.code}:${name}`),
    );
    expect(CLAIM_DICTIONARY.map((entry) => `${entry.vendor ?? entry.in}:${entry.name}`)).toEqual([
      ...IANA_HEADER_PARAMETERS.map((entry) => `header:${entry.name}`),
      ...IANA_CLAIMS.map((entry) => `payload:${entry.name}`),
      ...packs,
    ]);
    const cognito = CLAIM_DICTIONARY.filter((entry) => entry.vendor === 'cognito').map((entry) => entry.name);
    expect(cognito.slice(0, 4)).toEqual(['cognito:groups', 'cognito:preferred_role', 'cognito:roles', 'cognito:username']);
  });

  it("gives a pack entry the vendor's name alone as defined_by", () => {
    expect(CLAIM_DICTIONARY.find((entry) => entry.vendor === 'entra' && entry.name === 'groups')).toMatchObject({
      in: 'payload',
      defined_by: ['Microsoft Entra ID'],
      reference: 'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference',
    });
  });
});
