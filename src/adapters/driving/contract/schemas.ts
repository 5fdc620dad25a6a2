// Every schema of the contract, by name, built when this module loads: for the OpenAPI document's error body,
// the client-type generator and the tests. The catalog builds an operation's own on first use, from
// time-schemas.ts, jwt-schemas.ts, key-schemas.ts, sign-schemas.ts and token-schemas.ts, so that a command of the CLI builds only what it runs.
import * as z from 'zod';
import { jwtSchemas } from './jwt-schemas.js';
import { keySchemas } from './key-schemas.js';
import { signSchemas } from './sign-schemas.js';
import { tokenSchemas } from './token-schemas.js';
import * as time from './time-schemas.js';

export const nowInput = time.nowInput();
export const toUtcInput = time.toUtcInput();
export const toUnixInput = time.toUnixInput();
export const identifyInput = time.identifyInput();
export const formatInput = time.formatInput();
export const diffInput = time.diffInput();
export const addInput = time.addInput();
export const utc = time.utc();
export const local = time.local();
export const resolution = time.resolution();
export const nowOutput = time.nowOutput();
export const toUtcOutput = time.toUtcOutput();
export const candidate = time.candidate();
export const identifyOutput = time.identifyOutput();
export const toUnixOutput = time.toUnixOutput();
export const operandBody = time.operandBody();
export const formatOutput = time.formatOutput();
export const diffOutput = time.diffOutput();
export const addOutput = time.addOutput();

export const {
  decodeInput,
  claimsInput,
  verifyInput,
  validateInput,
  profileCheck,
  profileReport,
  finding,
  jwsSignature,
  jweFacts,
  sdJwt,
  amrValue,
  explainedMember,
  issuerVendor,
  innermostToken,
  nestedToken,
  decodeOutput,
  dictionaryEntry,
  claimsOutput,
  verifyOutput,
  validateOutput,
} = jwtSchemas();

export const { inspectKeyInput, keyFinding, keyReason, certificate, inspectKeyOutput } = keySchemas();

export const { signInput, signOutput } = signSchemas();

export const {
  identifyInput: identifyTokenInput,
  verifyInput: verifyTokenInput,
  tokenTime,
  tokenFinding,
  tokenCandidate,
  jwtPointer,
  identifyOutput: identifyTokenOutput,
  verifyOutput: verifyTokenOutput,
} = tokenSchemas();

export const errorBody = z.object({
  detail: z.string().meta({ description: 'Why the request failed; for invalid input, it names the parameter and what is wrong with it' }),
});
