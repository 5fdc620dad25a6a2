// One realistic token per issuer of contract §4d, each built from the example payload the vendor
// documents (the page is cited beside it), signed with nothing: decode never verifies. Where a page
// lists claims without one whole example, the payload is assembled from the documented claims and the
// values the page shows. Tenant, project and account identifiers are the vendors' own placeholders.
import { b64url } from '../support/fixtures.js';

export interface VendorToken {
  readonly code: string;
  readonly source: string;
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
  /** The claims of `payload` that the vendor's pack explains. */
  readonly packClaims: readonly string[];
}

export const tokenOf = ({ header, payload }: Pick<VendorToken, 'header' | 'payload'>): string =>
  `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

export const VENDOR_TOKENS: readonly VendorToken[] = [
  {
    code: 'entra',
    // "Sample tokens", v2.0 access token: https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens
    source: 'https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens',
    header: { typ: 'JWT', alg: 'RS256', kid: 'i6lGk3FZzxRcUb2C3nEQ7syHJlY' },
    payload: {
      aud: '6e74172b-be56-4843-9ff4-e66a39bb12e3',
      iss: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
      iat: 1537231048,
      nbf: 1537231048,
      exp: 1537234948,
      aio: 'AXQAi/8IAAAAtAaZLo3ChMif6KOnttRB7eBq4/DccQzjcJGxPYy/C3jDaNGxXd6wNIIVGRghNRnwJ1lOcAnNZcjvkoyrFxCttv33140RioOFJ4bCCGVuoCag1uOTT22222gHwLPYQ/uf79QX+0KIijdrmp69RctzmQ==',
      azp: '6e74172b-be56-4843-9ff4-e66a39bb12e3',
      azpacr: '0',
      name: 'Abe Lincoln',
      oid: '690222be-ff1a-4d56-abd1-7e4f7d38e474',
      preferred_username: 'abeli@microsoft.com',
      rh: 'I',
      scp: 'access_as_user',
      sub: 'HKZpfaHyWadeOouYlitjrI-KffTm222X5rrV3xDqfKQ',
      tid: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      uti: 'fqiBqXLPj0eQa82S-IYFAA',
      ver: '2.0',
    },
    packClaims: ['aio', 'azpacr', 'oid', 'rh', 'scp', 'tid', 'uti', 'ver'],
  },
  {
    code: 'auth0',
    // Access token with Organizations and RBAC: https://auth0.com/docs/manage-users/organizations/using-tokens
    // and https://auth0.com/docs/get-started/apis/enable-role-based-access-control-for-apis
    source: 'https://auth0.com/docs/manage-users/organizations/using-tokens',
    header: { alg: 'RS256', typ: 'JWT', kid: 'NjVBRjY5MDlCMUIwNzU4RTA2QzZFMDQ4QzQ2MDAyQjVDNjk1RTM2Qg' },
    payload: {
      iss: 'https://my-domain.auth0.com/',
      sub: 'auth0|123456',
      aud: ['https://example.com/health-api', 'https://my-domain.auth0.com/userinfo'],
      iat: 1311280970,
      exp: 1311281970,
      azp: 'my_client_id',
      scope: 'openid profile read:patients read:admin',
      org_id: 'org_9ybsU1dN2dKfDkBi',
      org_name: 'acme',
      gty: 'password',
      permissions: ['read:patients', 'read:admin'],
    },
    packClaims: ['org_id', 'org_name', 'gty', 'permissions'],
  },
  {
    code: 'okta',
    // Access token payload: https://developer.okta.com/docs/reference/api/oidc/#access-token-payload
    source: 'https://developer.okta.com/docs/reference/api/oidc/#access-token-payload',
    header: { kid: '45js03w0djwedsw', alg: 'RS256' },
    payload: {
      ver: 1,
      jti: 'AT.0mP4JKAZX1iACIT4vbEDF7LpvDVjxypPMf0D7uX39RE',
      // The page writes the org as {yourOktaDomain}.
      iss: 'https://dev-133337.okta.com/oauth2/0oacqf8qaJw56czJi0g4',
      aud: 'https://api.example.com',
      sub: '00uk1u7AsAk6dZL3z0g3',
      iat: 1311280970,
      exp: 1311284570,
      cid: 'nmdP1fcyvdVO11AL7ECm',
      uid: '00uk1u7AsAk6dZL3z0g3',
      scp: ['openid', 'email', 'flights', 'custom'],
      auth_time: 1311280970,
      custom_claim: 'CustomValue',
    },
    packClaims: ['ver', 'cid', 'uid', 'scp'],
  },
  {
    code: 'keycloak',
    // Access token of a Keycloak realm, as the Securing Applications guide's token section shows it:
    // https://www.keycloak.org/docs/latest/securing_apps/index.html#_oidc
    source: 'https://www.keycloak.org/docs/latest/securing_apps/index.html#_oidc',
    header: { alg: 'RS256', typ: 'JWT', kid: 'cVhBO0FpPVwg9f1QSl3k3zQ3O5oF1Gdm7wOdZ0xVmBg' },
    payload: {
      exp: 1700003600,
      iat: 1700000000,
      jti: 'b2c9f8a8-6ad6-4f3a-9b2f-2b7d2a1e0c11',
      iss: 'http://localhost:8080/realms/myrealm',
      aud: 'account',
      sub: 'f1b9c3a2-7d2e-4c5e-9a3b-1c2d3e4f5a6b',
      typ: 'Bearer',
      azp: 'myclient',
      session_state: '5e2a7c1d-8b4f-4a0e-9d6c-3f2b1a0e9d8c',
      'allowed-origins': ['http://localhost:3000'],
      realm_access: { roles: ['default-roles-myrealm', 'offline_access', 'uma_authorization'] },
      resource_access: { account: { roles: ['manage-account', 'view-profile'] } },
      scope: 'openid profile email',
      preferred_username: 'myuser',
    },
    packClaims: ['typ', 'session_state', 'allowed-origins', 'realm_access', 'resource_access'],
  },
  {
    code: 'google',
    // "An ID token's payload": https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload
    source: 'https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload',
    header: { alg: 'RS256', kid: '1e9gdk7', typ: 'JWT' },
    payload: {
      iss: 'https://accounts.google.com',
      azp: '1234987819200.apps.googleusercontent.com',
      aud: '1234987819200.apps.googleusercontent.com',
      sub: '10769150350006150715113082367',
      at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q',
      hd: 'example.com',
      email: 'jsmith@example.com',
      email_verified: 'true',
      iat: 1353601026,
      exp: 1353604926,
      nonce: '0394852-3190485-2490358',
    },
    packClaims: ['hd'],
  },
  {
    code: 'cognito',
    // "ID token default payload": https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html
    source: 'https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html',
    header: { kid: '1234example=', alg: 'RS256' },
    payload: {
      sub: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      'cognito:groups': ['test-group-a', 'test-group-b', 'test-group-c'],
      email_verified: true,
      'cognito:preferred_role': 'arn:aws:iam::111122223333:role/my-test-role',
      iss: 'https://cognito-idp.us-west-2.amazonaws.com/us-west-2_example',
      'cognito:username': 'my-test-user',
      middle_name: 'Jane',
      nonce: 'abcdefg',
      origin_jti: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      'cognito:roles': ['arn:aws:iam::111122223333:role/my-test-role'],
      aud: 'xxxxxxxxxxxxexample',
      identities: [
        {
          userId: 'amzn1.account.EXAMPLE',
          providerName: 'LoginWithAmazon',
          providerType: 'LoginWithAmazon',
          issuer: null,
          primary: 'true',
          dateCreated: '1642699117273',
        },
      ],
      event_id: '64f513be-32db-42b0-b78e-b02127b4f463',
      token_use: 'id',
      auth_time: 1676312777,
      exp: 1676316377,
      iat: 1676312777,
      jti: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee',
      email: 'my-test-user@example.com',
    },
    packClaims: ['cognito:groups', 'cognito:preferred_role', 'cognito:username', 'origin_jti', 'cognito:roles', 'identities', 'event_id', 'token_use'],
  },
  {
    code: 'firebase',
    // ID token claims: https://firebase.google.com/docs/auth/admin/verify-id-tokens and the
    // request.auth.token members of https://firebase.google.com/docs/rules/rules-and-auth
    source: 'https://firebase.google.com/docs/auth/admin/verify-id-tokens',
    header: { alg: 'RS256', kid: 'a4e2fb0b3a5e4c7d9f1e2d3c4b5a69788776655', typ: 'JWT' },
    payload: {
      iss: 'https://securetoken.google.com/my-project',
      aud: 'my-project',
      auth_time: 1700000000,
      user_id: 'kZ3p9Xw7YQbT4mN2aV8cR1sL6dF0',
      sub: 'kZ3p9Xw7YQbT4mN2aV8cR1sL6dF0',
      iat: 1700000000,
      exp: 1700003600,
      email: 'user@example.com',
      email_verified: true,
      firebase: { identities: { 'google.com': ['109876543210987654321'], email: ['user@example.com'] }, sign_in_provider: 'google.com' },
    },
    packClaims: ['user_id', 'firebase'],
  },
  {
    code: 'github_actions',
    // "Example OIDC token": https://docs.github.com/en/actions/reference/security/oidc
    source: 'https://docs.github.com/en/actions/reference/security/oidc',
    header: { typ: 'JWT', alg: 'RS256', x5t: 'example-thumbprint', kid: 'example-key-id' },
    payload: {
      jti: 'example-id',
      sub: 'repo:octo-org/octo-repo:environment:prod',
      environment: 'prod',
      aud: 'https://github.com/octo-org',
      ref: 'refs/heads/main',
      sha: 'example-sha',
      repository: 'octo-org/octo-repo',
      repository_owner: 'octo-org',
      actor_id: '12',
      repository_visibility: 'private',
      repository_id: '74',
      repository_owner_id: '65',
      run_id: 'example-run-id',
      run_number: '10',
      run_attempt: '2',
      runner_environment: 'github-hosted',
      actor: 'octocat',
      workflow: 'example-workflow',
      head_ref: '',
      base_ref: '',
      event_name: 'workflow_dispatch',
      ref_type: 'branch',
      job_workflow_ref: 'octo-org/octo-automation/.github/workflows/oidc.yml@refs/heads/main',
      iss: 'https://token.actions.githubusercontent.com',
      nbf: 1632492967,
      exp: 1632493867,
      iat: 1632493567,
    },
    packClaims: [
      'environment',
      'ref',
      'sha',
      'repository',
      'repository_owner',
      'actor_id',
      'repository_visibility',
      'repository_id',
      'repository_owner_id',
      'run_id',
      'run_number',
      'run_attempt',
      'runner_environment',
      'actor',
      'workflow',
      'head_ref',
      'base_ref',
      'event_name',
      'ref_type',
      'job_workflow_ref',
    ],
  },
  {
    code: 'kubernetes',
    // A projected service account token, as "Bound service account tokens" decodes one:
    // https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/
    source: 'https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/',
    header: { alg: 'RS256', kid: 'F3XhxNr3KqmWv4CtLgfgcmJS3pMO8-2KSwmvUtHcB2k' },
    payload: {
      aud: ['https://my-audience.example.com'],
      exp: 1729605240,
      iat: 1729601640,
      iss: 'https://kubernetes.default.svc.cluster.local',
      jti: 'aed34954-b33a-4142-b1ec-389d6bbb4936',
      'kubernetes.io': {
        namespace: 'my-namespace',
        node: { name: 'my-node', uid: '646e7c5e-32d6-4d42-9dbd-e504e6cbe6b1' },
        pod: { name: 'my-pod', uid: '5e0bd49b-f040-43b0-99b7-22765a53f7f3' },
        serviceaccount: { name: 'my-serviceaccount', uid: '14ee3fa4-a7e2-420f-9f9a-dbc4507c3798' },
      },
      nbf: 1729601640,
      sub: 'system:serviceaccount:my-namespace:my-serviceaccount',
    },
    packClaims: ['kubernetes.io'],
  },
  {
    code: 'apple',
    // The identity token's payload: https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple
    source: 'https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple',
    header: { kid: 'W6WcOKB', alg: 'RS256' },
    payload: {
      iss: 'https://appleid.apple.com',
      aud: 'com.example.app',
      exp: 1700086400,
      iat: 1700000000,
      sub: '001234.abcdef0123456789abcdef0123456789.1234',
      nonce: 'nonce-value',
      nonce_supported: true,
      c_hash: 'zVyW4dNSVD0DXhQ4b_Wb1A',
      email: 'abc123@privaterelay.appleid.com',
      email_verified: true,
      is_private_email: true,
      auth_time: 1700000000,
      real_user_status: 2,
      transfer_sub: '001234.0123456789abcdef0123456789abcdef.5678',
    },
    packClaims: ['nonce_supported', 'is_private_email', 'real_user_status', 'transfer_sub'],
  },
];

/** The legacy, Secret-based service account token, whose issuer is `kubernetes/serviceaccount`. */
export const KUBERNETES_LEGACY_TOKEN: VendorToken = {
  code: 'kubernetes',
  // https://kubernetes.io/docs/reference/access-authn-authz/authentication/#service-account-tokens
  source: 'https://kubernetes.io/docs/reference/access-authn-authz/authentication/#service-account-tokens',
  header: { alg: 'RS256', kid: '' },
  payload: {
    iss: 'kubernetes/serviceaccount',
    'kubernetes.io/serviceaccount/namespace': 'default',
    'kubernetes.io/serviceaccount/secret.name': 'build-robot-secret',
    'kubernetes.io/serviceaccount/service-account.name': 'build-robot',
    'kubernetes.io/serviceaccount/service-account.uid': '3ccd1e56-7d24-11e6-9a1b-000c29c5f2bd',
    sub: 'system:serviceaccount:default:build-robot',
  },
  packClaims: [
    'kubernetes.io/serviceaccount/namespace',
    'kubernetes.io/serviceaccount/secret.name',
    'kubernetes.io/serviceaccount/service-account.name',
    'kubernetes.io/serviceaccount/service-account.uid',
  ],
};
