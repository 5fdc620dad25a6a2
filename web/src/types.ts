import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from 'timestamp-jwt-client';

type Outputs = inferRouterOutputs<AppRouter>;

export type Decoded = Outputs['jwt']['decode'];
/** A decode body at any depth: the outer one, or a nested token's. */
export type TokenBody = Omit<Decoded, 'input' | 'nested'> & { readonly nested?: TokenBody | undefined };
export type Verified = Outputs['jwt']['verify'];
export type Inspected = Outputs['jwt']['inspectKey'];
export type Validated = Outputs['jwt']['validate'];
export type InspectedKey = Inspected['keys'][number];
export type Identified = Outputs['unixTimestamp']['identify'];
export type ToUnix = Outputs['unixTimestamp']['toUnix'];
export type Formatted = Outputs['unixTimestamp']['format'];
export type Diffed = Outputs['unixTimestamp']['diff'];
export type Added = Outputs['unixTimestamp']['add'];
export type Signed = Outputs['jwt']['sign'];
export type Local = NonNullable<ToUnix['local']>;
export type Finding = Decoded['findings'][number];
export type TokenIdentified = Outputs['token']['identify'];
export type TokenCandidate = Exclude<TokenIdentified['candidates'][number], { readonly format: 'jwt' }>;
export type TokenTime = TokenCandidate['times'][number];
export type TokenVerified = Outputs['token']['verify'];
