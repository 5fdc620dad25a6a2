import type { PackEntry } from './entries.js';
import type { VendorCode } from '../vocabulary.js';

/**
 * One issuer's pack (contract §4d): how its `iss` looks, and the payload claims
 * it defines, each explained in the service's own words from the vendor's
 * documentation, which `reference` links. Custom claims (Auth0's namespaced
 * claims, Keycloak mappers, GitHub's `repo_property_*`) belong to a tenant,
 * not to the vendor, and no pack holds them.
 */
export interface VendorPack {
  readonly code: VendorCode;
  readonly name: string;
  /** `{…}` stands for one or more characters other than `/`, `?` and `#`; `[…]` marks an optional part. */
  readonly patterns: readonly string[];
  readonly claims: Readonly<Record<string, PackEntry>>;
}

const ENTRA_ACCESS = 'https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference';
const ENTRA_OPTIONAL = 'https://learn.microsoft.com/en-us/entra/identity-platform/optional-claims-reference';
// Microsoft's public documentation describes neither app_displayname nor deviceid: this page only lists them among the
// claims a policy cannot change. It describes xms_mirid nowhere at all, so the pack leaves that claim out.
const ENTRA_RESTRICTED =
  'https://learn.microsoft.com/en-us/entra/identity-platform/reference-claims-customization#json-web-token-jwt-restricted-claim-set';
const AUTH0_CLAIMS = 'https://auth0.com/docs/secure/tokens/json-web-tokens/json-web-token-claims';
const AUTH0_ORGANIZATIONS = 'https://auth0.com/docs/manage-users/organizations/using-tokens';
const AUTH0_RBAC = 'https://auth0.com/docs/get-started/apis/enable-role-based-access-control-for-apis';
const OKTA_ACCESS = 'https://developer.okta.com/docs/reference/api/oidc/#access-token-payload';
const OKTA_ID = 'https://developer.okta.com/docs/reference/api/oidc/#id-token-payload';
const KEYCLOAK_ADMIN = 'https://www.keycloak.org/docs/latest/server_admin/index.html';
const KEYCLOAK_APPS = 'https://www.keycloak.org/docs/latest/securing_apps/index.html';
const GOOGLE_ID = 'https://developers.google.com/identity/openid-connect/openid-connect#an-id-tokens-payload';
const COGNITO_ID = 'https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-id-token.html';
const COGNITO_ACCESS = 'https://docs.aws.amazon.com/cognito/latest/developerguide/amazon-cognito-user-pools-using-the-access-token.html';
const FIREBASE_RULES = 'https://firebase.google.com/docs/rules/rules-and-auth';
const FIREBASE_VERIFY = 'https://firebase.google.com/docs/auth/admin/verify-id-tokens';
const GITHUB_OIDC = 'https://docs.github.com/en/actions/reference/security/oidc';
const GITHUB_CONTEXTS = 'https://docs.github.com/en/actions/reference/workflows-and-actions/contexts#github-context';
const KUBERNETES_BOUND = 'https://kubernetes.io/docs/reference/access-authn-authz/service-accounts-admin/';
const KUBERNETES_LEGACY = 'https://kubernetes.io/docs/reference/access-authn-authz/authentication/#service-account-tokens';
const APPLE = 'https://developer.apple.com/documentation/signinwithapple/authenticating-users-with-sign-in-with-apple';

const entry = (title: string, description: string, reference: string): PackEntry => ({ title, description, reference });

/** The ten packs, in the table order of contract §4d: the first pack with a matching pattern is the issuer's. */
export const VENDOR_PACKS: readonly VendorPack[] = [
  {
    code: 'entra',
    name: 'Microsoft Entra ID',
    patterns: ['https://login.microsoftonline.com/{tenant}/v2.0', 'https://sts.windows.net/{tenant}/'],
    claims: {
      acct: entry('Account status', "The user's status in the tenant: 0 for a member, 1 for a guest.", ENTRA_OPTIONAL),
      acrs: entry(
        'Authentication context IDs',
        'The Conditional Access authentication contexts that the user has satisfied, such as c1; an API checks it before a sensitive operation.',
        ENTRA_ACCESS,
      ),
      aio: entry(
        'Internal data',
        'Opaque data that Entra ID uses to reuse tokens; an application must not read meaning into it.',
        ENTRA_ACCESS,
      ),
      app_displayname: entry(
        'Application display name',
        'The display name of the client application that asked for the token. Microsoft lists this claim without describing it.',
        ENTRA_RESTRICTED,
      ),
      appid: entry(
        'Application ID (v1.0)',
        'The application ID of the client that asked for the token; v1.0 tokens only (v2.0 uses azp).',
        ENTRA_ACCESS,
      ),
      appidacr: entry(
        'Client authentication (v1.0)',
        'How the client authenticated: 0 public client, 1 client ID and secret, 2 certificate; v1.0 tokens only (v2.0 uses azpacr).',
        ENTRA_ACCESS,
      ),
      azpacr: entry(
        'Client authentication (v2.0)',
        'How the client authenticated: 0 public client, 1 client ID and secret, 2 certificate; v2.0 tokens only.',
        ENTRA_ACCESS,
      ),
      ctry: entry(
        'Country or region',
        "The user's country or region as a two-letter code such as FR or JP, when the directory holds one.",
        ENTRA_OPTIONAL,
      ),
      deviceid: entry(
        'Device ID',
        'The ID of the device the token was issued to. Microsoft lists this claim without describing it.',
        ENTRA_RESTRICTED,
      ),
      fwd: entry(
        'Original client address',
        'The IP address of the client that sent the request, added when the request came from inside a virtual network (VNET).',
        ENTRA_OPTIONAL,
      ),
      groups: entry(
        'Group object IDs',
        "The object IDs of the user's groups, as the application's groupMembershipClaims setting chooses; replaced by hasgroups or a link when there are too many.",
        ENTRA_ACCESS,
      ),
      hasgroups: entry(
        'Too many groups',
        'Always true when present: the user is in too many groups to list in the token, and the application must ask Microsoft Graph for them.',
        ENTRA_ACCESS,
      ),
      idp: entry(
        'Identity provider',
        "Who authenticated the subject: the issuer of a guest's home tenant or of a social account; absent when it is the tenant itself.",
        ENTRA_ACCESS,
      ),
      idtyp: entry(
        'Token type',
        'app for an app-only token from the client credentials flow, user for a token issued on behalf of a user.',
        ENTRA_OPTIONAL,
      ),
      in_corp: entry(
        'Inside the corporate network',
        "The client signs in from inside the organisation's network, as its trusted IP ranges define it.",
        ENTRA_OPTIONAL,
      ),
      ipaddr: entry('IP address', 'The IP address that the user authenticated from.', ENTRA_OPTIONAL),
      login_hint: entry(
        'Login hint',
        'An opaque, base64-encoded hint to pass unchanged as the login_hint of a later sign-in, for silent single sign-on; it names no tenant, so signing in a guest needs the tenant besides.',
        ENTRA_OPTIONAL,
      ),
      oid: entry(
        'Object ID',
        'The immutable identifier of the user or service principal in this tenant, the same across the applications of the tenant; use it with tid to key data.',
        ENTRA_ACCESS,
      ),
      onprem_sid: entry(
        'On-premises SID',
        'The security identifier of a user synchronised from on-premises Active Directory.',
        ENTRA_OPTIONAL,
      ),
      pwd_exp: entry('Password expires in', "The seconds until the user's password expires.", ENTRA_OPTIONAL),
      pwd_url: entry('Password change URL', 'Where the user can go to change an expiring password.', ENTRA_OPTIONAL),
      rh: entry(
        'Refresh hint',
        'Opaque data that Entra ID uses to revalidate tokens; an application must not read meaning into it.',
        ENTRA_ACCESS,
      ),
      roles: entry(
        'App roles',
        'The app roles of the API that were granted to the user or to the calling application; the API authorises on them.',
        ENTRA_ACCESS,
      ),
      scp: entry(
        'Scopes',
        'The delegated permissions (scopes) of the API that the client was granted, separated by spaces; absent from app-only tokens, which carry roles.',
        ENTRA_ACCESS,
      ),
      tenant_ctry: entry(
        'Tenant country or region',
        "The resource tenant's country or region as a two-letter code, set for the tenant by an administrator.",
        ENTRA_OPTIONAL,
      ),
      tenant_region_scope: entry('Tenant region', 'The region of the resource tenant.', ENTRA_OPTIONAL),
      tid: entry('Tenant ID', 'The directory (tenant) that issued the token and that the user signed in to.', ENTRA_ACCESS),
      unique_name: entry(
        'Display username (v1.0)',
        'A human-readable name for the subject, for display only; v1.0 tokens only.',
        ENTRA_ACCESS,
      ),
      upn: entry(
        'User principal name',
        "The user's sign-in name, for display only: it can change, so never key data on it.",
        ENTRA_OPTIONAL,
      ),
      uti: entry(
        'Token identifier',
        'An internal identifier that Entra ID uses to revalidate tokens; opaque to applications.',
        ENTRA_ACCESS,
      ),
      ver: entry('Token version', 'The format of the token: 1.0 or 2.0, as the API registration asks for.', ENTRA_ACCESS),
      verified_primary_email: entry(
        'Verified primary e-mail',
        "The user's primary authoritative e-mail address, taken from the PrimaryAuthoritativeEmail attribute.",
        ENTRA_OPTIONAL,
      ),
      wids: entry(
        'Directory role templates',
        "The template IDs of the tenant-wide directory roles assigned to the user, such as Global Administrator's 62e90394-69f5-4237-9190-012177145e10.",
        ENTRA_ACCESS,
      ),
      xms_cc: entry(
        'Client capabilities',
        'The capabilities that the client declared, such as cp1: it can handle claims challenges, so it gets longer-lived tokens under continuous access evaluation.',
        ENTRA_OPTIONAL,
      ),
      xms_pdl: entry(
        'Preferred data location',
        "In a Multi-Geo tenant, the user's preferred data location: the three-letter code of a geographic region.",
        ENTRA_OPTIONAL,
      ),
      xms_tpl: entry(
        'Tenant preferred language',
        "The resource tenant's preferred language, when one is set, as a two-letter code such as en.",
        ENTRA_OPTIONAL,
      ),
    },
  },
  {
    code: 'auth0',
    name: 'Auth0',
    patterns: ['https://{tenant}.auth0.com/'],
    claims: {
      gty: entry('Grant type', 'The OAuth grant that produced the token, such as client-credentials or password.', AUTH0_CLAIMS),
      org_id: entry(
        'Organization ID',
        'The Auth0 Organization the user signed in through; check it when the API serves several organizations.',
        AUTH0_ORGANIZATIONS,
      ),
      org_name: entry(
        'Organization name',
        'The name of the Auth0 Organization the user signed in through, when the tenant is set to include it.',
        AUTH0_ORGANIZATIONS,
      ),
      permissions: entry(
        'Permissions',
        "The API's permissions granted to the user through role-based access control, when the API's Add Permissions in the Access Token setting is on.",
        AUTH0_RBAC,
      ),
    },
  },
  {
    code: 'okta',
    name: 'Okta',
    patterns: ['https://{org}.okta.com[/oauth2/{server}]', 'https://{org}.oktapreview.com[/oauth2/{server}]'],
    claims: {
      cid: entry('Client ID', 'The client ID of the application that asked for the access token.', OKTA_ACCESS),
      idp: entry(
        'Identity provider',
        'The ID of the identity provider that authenticated the user: the Okta org itself, or a social or enterprise provider.',
        OKTA_ID,
      ),
      scp: entry('Scopes', 'The scopes granted to the access token, as an array.', OKTA_ACCESS),
      uid: entry('User ID', 'The Okta ID of the user, absent when the token was issued to the client alone.', OKTA_ACCESS),
      ver: entry('Token version', 'The version of the token format.', OKTA_ACCESS),
    },
  },
  {
    code: 'keycloak',
    name: 'Keycloak',
    patterns: ['http[s]://{host}[/auth]/realms/{realm}'],
    claims: {
      'allowed-origins': entry(
        'Allowed origins',
        "The client's web origins: the browser origins from which the token may be used, as CORS checks them.",
        `${KEYCLOAK_ADMIN}#_oidc_clients`,
      ),
      realm_access: entry('Realm roles', 'The realm roles of the user, as {"roles": [...]}.', `${KEYCLOAK_ADMIN}#_client_scopes`),
      resource_access: entry(
        'Client roles',
        'The user\'s roles in each client, as {client: {"roles": [...]}}.',
        `${KEYCLOAK_ADMIN}#_client_scopes`,
      ),
      session_state: entry(
        'Session ID',
        "The ID of the user's Keycloak session; newer versions write it as sid.",
        `${KEYCLOAK_APPS}#_oidc`,
      ),
      typ: entry(
        'Token type',
        'Which of the tokens of a Keycloak login this is: Bearer (access), ID, Refresh or Logout.',
        `${KEYCLOAK_APPS}#_oidc`,
      ),
    },
  },
  {
    code: 'google',
    name: 'Google',
    patterns: ['https://accounts.google.com', 'accounts.google.com'],
    claims: {
      hd: entry(
        'Hosted domain',
        "The Google Workspace or Cloud organization domain of the user's account; absent for a consumer account. Check it to admit one organization only.",
        GOOGLE_ID,
      ),
    },
  },
  {
    code: 'cognito',
    name: 'Amazon Cognito',
    patterns: ['https://cognito-idp.{region}.amazonaws.com/{user_pool}'],
    claims: {
      'cognito:groups': entry('User pool groups', 'The names of the user pool groups the user belongs to.', COGNITO_ID),
      'cognito:preferred_role': entry(
        'Preferred IAM role',
        "The ARN of the IAM role of the user's highest-priority group, which an identity pool can assume.",
        COGNITO_ID,
      ),
      'cognito:roles': entry('IAM roles', "The ARNs of the IAM roles of the user's groups.", COGNITO_ID),
      'cognito:username': entry('Username', "The user's username in the user pool.", COGNITO_ID),
      event_id: entry('Event ID', 'A unique identifier of the authentication event that issued the token.', COGNITO_ID),
      identities: entry(
        'Linked identities',
        'The external identity providers (SAML, OIDC or social) linked to the user, with the user ID at each.',
        COGNITO_ID,
      ),
      origin_jti: entry(
        'Origin token ID',
        'An identifier shared by the tokens of one authentication, refreshed ones included; revoking the refresh token revokes them all.',
        COGNITO_ID,
      ),
      token_use: entry('Token use', 'Which token this is: id for an ID token, access for an access token.', COGNITO_ID),
      username: entry('Username', "The user's username in the user pool, as an access token carries it.", COGNITO_ACCESS),
      version: entry(
        'Token version',
        'The version of the access token format, 1 or 2 (2 carries client metadata from a pre token generation trigger).',
        COGNITO_ACCESS,
      ),
    },
  },
  {
    code: 'firebase',
    name: 'Firebase Authentication',
    patterns: ['https://securetoken.google.com/{project}'],
    claims: {
      firebase: entry(
        'Sign-in details',
        'How the user signed in: sign_in_provider (password, google.com, phone, anonymous, custom…) and identities, the accounts linked to the user at each provider.',
        FIREBASE_RULES,
      ),
      user_id: entry('User ID', "The user's Firebase UID, the same value as sub.", FIREBASE_VERIFY),
    },
  },
  {
    code: 'github_actions',
    name: 'GitHub Actions',
    patterns: ['https://token.actions.githubusercontent.com[/{enterprise}]'],
    claims: {
      actor: entry('Actor', 'The account that started the workflow run.', GITHUB_OIDC),
      actor_id: entry('Actor ID', 'The numeric ID of the account that started the workflow run.', GITHUB_OIDC),
      base_ref: entry('Base ref', 'The target branch of the pull request that triggered the run; empty otherwise.', GITHUB_OIDC),
      check_run_id: entry('Check run ID', 'The ID of the check run of the job.', GITHUB_OIDC),
      enterprise: entry('Enterprise', 'The slug of the enterprise that owns the repository, when there is one.', GITHUB_OIDC),
      enterprise_id: entry('Enterprise ID', 'The ID of the enterprise that owns the repository, when there is one.', GITHUB_OIDC),
      environment: entry('Environment', 'The deployment environment the job targets, when it names one.', GITHUB_OIDC),
      environment_node_id: entry(
        'Environment node ID',
        "The node ID of the deployment environment the job targets. GitHub lists this claim in its provider's claims_supported without describing it.",
        `${GITHUB_OIDC}#oidc-token-claims`,
      ),
      event_name: entry(
        'Event name',
        'The event that triggered the workflow run, such as push, pull_request or workflow_dispatch.',
        GITHUB_OIDC,
      ),
      head_ref: entry('Head ref', 'The source branch of the pull request that triggered the run; empty otherwise.', GITHUB_OIDC),
      job_workflow_ref: entry(
        'Job workflow ref',
        'The reusable workflow the job runs, as owner/repo/path@ref; for a job that calls no reusable workflow, the same as workflow_ref.',
        GITHUB_OIDC,
      ),
      job_workflow_sha: entry('Job workflow commit', 'The commit SHA of the workflow file the job runs.', GITHUB_OIDC),
      ref: entry('Git ref', 'The git ref that triggered the run, such as refs/heads/main or refs/tags/v1.', GITHUB_OIDC),
      ref_protected: entry(
        'Ref protected',
        'Whether branch protections are configured for the ref that triggered the run, as the github.ref_protected context says.',
        GITHUB_CONTEXTS,
      ),
      ref_type: entry('Ref type', 'The kind of ref: branch or tag.', GITHUB_OIDC),
      repository: entry('Repository', 'The repository the workflow runs in, as owner/name.', GITHUB_OIDC),
      repository_id: entry('Repository ID', 'The numeric ID of the repository; unlike its name, it survives a rename.', GITHUB_OIDC),
      repository_owner: entry('Repository owner', 'The user or organization that owns the repository.', GITHUB_OIDC),
      repository_owner_id: entry('Repository owner ID', 'The numeric ID of the repository owner.', GITHUB_OIDC),
      repository_visibility: entry('Repository visibility', 'internal, private or public.', GITHUB_OIDC),
      run_attempt: entry('Run attempt', 'How many times this workflow run has been run, starting at 1.', GITHUB_OIDC),
      run_id: entry('Run ID', 'The ID of the workflow run.', GITHUB_OIDC),
      run_number: entry('Run number', "The number of the run among this workflow's runs.", GITHUB_OIDC),
      runner_environment: entry('Runner environment', 'github-hosted or self-hosted: the kind of runner the job ran on.', GITHUB_OIDC),
      sha: entry('Commit SHA', 'The commit that triggered the workflow run.', GITHUB_OIDC),
      workflow: entry('Workflow', 'The name of the workflow.', GITHUB_OIDC),
      workflow_ref: entry('Workflow ref', 'The workflow file of the run, as owner/repo/path@ref.', GITHUB_OIDC),
      workflow_sha: entry('Workflow commit', 'The commit SHA of the workflow file of the run.', GITHUB_OIDC),
    },
  },
  {
    code: 'kubernetes',
    name: 'Kubernetes',
    patterns: [
      'https://kubernetes.default.svc[.cluster.local]',
      'kubernetes/serviceaccount',
      'https://oidc.eks.{region}.amazonaws.com/id/{cluster}',
      'https://container.googleapis.com/v1/projects/{project}/locations/{location}/clusters/{cluster}',
    ],
    claims: {
      'kubernetes.io': entry(
        'Bound service account',
        'What a projected service account token is bound to: its namespace, service account, pod (and node), with their names and UIDs; the token dies with the pod.',
        KUBERNETES_BOUND,
      ),
      'kubernetes.io/serviceaccount/namespace': entry(
        'Namespace (legacy token)',
        'The namespace of the service account, in a legacy token kept in a Secret.',
        KUBERNETES_LEGACY,
      ),
      'kubernetes.io/serviceaccount/secret.name': entry(
        'Secret name (legacy token)',
        'The Secret that holds this legacy, never-expiring service account token.',
        KUBERNETES_LEGACY,
      ),
      'kubernetes.io/serviceaccount/service-account.name': entry(
        'Service account name (legacy token)',
        'The name of the service account, in a legacy token kept in a Secret.',
        KUBERNETES_LEGACY,
      ),
      'kubernetes.io/serviceaccount/service-account.uid': entry(
        'Service account UID (legacy token)',
        'The UID of the service account, in a legacy token kept in a Secret.',
        KUBERNETES_LEGACY,
      ),
    },
  },
  {
    code: 'apple',
    name: 'Sign in with Apple',
    patterns: ['https://appleid.apple.com'],
    claims: {
      is_private_email: entry(
        'Private relay e-mail',
        "Whether email is an address of Apple's private relay service that forwards to the user's real one.",
        APPLE,
      ),
      nonce_supported: entry(
        'Nonce supported',
        'Whether the platform supports the nonce parameter, so that a missing nonce may be refused.',
        APPLE,
      ),
      real_user_status: entry(
        'Real user indicator',
        "Apple's guess whether the user is a real person: 0 unsupported, 1 unknown, 2 likely real.",
        APPLE,
      ),
      transfer_sub: entry(
        'Transfer identifier',
        'A temporary identifier to move the user to another team when the app is transferred between developer accounts.',
        APPLE,
      ),
    },
  },
];
