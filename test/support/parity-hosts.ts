// The parity test's two sides (contract §11 "Parity"): the service over HTTP, and a local host (createLocalClient in Node
// or in Chromium), each answering the same corpus with the same fixed clock; and how their answers are compared. Each
// host computes local times with its own zone rules (contract §3b), so an answer may differ where, and only where, the
// call names a zone whose rules differ between the two hosts, as zoneRulesMatch measures them in each.
import fc from 'fast-check';
import { compactVerify, importJWK } from 'jose';
import { createClient } from 'timestamp-jwt-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_BY_PROCEDURE } from '../../src/adapters/driving/contract/catalog.js';
import { differingZones, SERVICE_TZDATA, serviceZoneIds } from '../../src/local/zone-rules.js';
import { GENERATORS } from './parity-arbitraries.js';
import { PROCEDURES, documentCorpus, vectorCorpus, zoneCorpus, type ParityCall, type Procedure } from './parity-corpus.js';
import { inputText, offsetsOrNull, settle } from './parity-settle.js';
import { listen, testService, TEST_NOW_MS, type Running } from './service.js';

/** The instant both hosts read as now: the service's Clock rebound to it, the local client's `now` returning it. */
export const PARITY_NOW_MS = TEST_NOW_MS;

/**
 * How many inputs each procedure's generator gives, and from which seed: the same in every run and both test files,
 * so that Node and Chromium answer one corpus. PARITY_SEED and PARITY_RUNS explore further.
 */
const SEED = Number(process.env.PARITY_SEED ?? 20_261_122);
const RUNS = Number(process.env.PARITY_RUNS ?? 100);

/** A host's answer to one call: the JSON text of its data, or of `{code, message}` for a refusal. */
export type AnswerText = string;

export interface Host {
  /** Answers the calls in order, one at a time. */
  answer(calls: readonly ParityCall[]): Promise<AnswerText[]>;
  /** Of these zones, those whose rules in this host are not the service's table's: differingZones, run here. */
  differingZones(zones: readonly string[]): Promise<string[]>;
  /** Each zone's offsets from 1800 to 2100 by zoneOffsets, run here, or null where this host knows no such zone. */
  zoneOffsets(zones: readonly string[]): Promise<(string | null)[]>;
  close(): Promise<void>;
}

/** The call as a tRPC client makes it: a query, or a mutation for a POST-only operation. */
export const isMutation = (procedure: Procedure): boolean => OPERATION_BY_PROCEDURE.get(procedure)?.mutation === true;

/** A host over a typed client made in this process, whose zone rules are this process's (the service's, too). */
export function clientHost(client: unknown, close: () => Promise<void> = () => Promise.resolve()): Host {
  return {
    async answer(calls) {
      const answers: AnswerText[] = [];
      for (const { procedure, input } of calls) answers.push(await settle(client, procedure, inputText(input), isMutation(procedure)));
      return answers;
    },
    differingZones: (zones) => Promise.resolve(differingZones(zones)),
    zoneOffsets: (zones) => Promise.resolve(zones.map(offsetsOrNull)),
    close,
  };
}

const ZONE_IDS = new Map(serviceZoneIds().map((zone) => [zone.toLowerCase(), zone]));

/**
 * The zones a call names: every IANA zone ID of the service's table that stands as a word of its input (a `tz`, a
 * bracket of RFC 9557, a zone in a text date; any case, as `tz` is read), and UTC, which a call naming none is
 * answered in.
 */
export function zonesNamedIn(call: ParityCall): string[] {
  const words = (inputText(call.input) ?? '').match(/[A-Za-z][\w+\-/]*/g) ?? [];
  return [...new Set(['UTC', ...words.flatMap((word) => ZONE_IDS.get(word.toLowerCase()) ?? [])])];
}

const offsetText = (seconds: string): string => {
  const value = Math.abs(Number(seconds));
  const parts = [Math.floor(value / 3600), Math.floor(value / 60) % 60, value % 60].map((part) => String(part).padStart(2, '0'));
  return `${Number(seconds) < 0 ? '-' : '+'}${parts[2] === '00' ? parts.slice(0, 2).join(':') : parts.join(':')}`;
};

/** Where the service's and a local host's offsets of one zone (zoneOffsets' texts) first part; the local host's "there". */
export function firstDifference(service: string, local: string | null): string {
  if (local === null) return 'there it is no zone at all';
  const [ours, theirs] = [service.split(' '), local.split(' ')];
  if (ours[0] !== theirs[0])
    return `from 1800 on, the service's offset is ${offsetText(ours[0] ?? '')}, there ${offsetText(theirs[0] ?? '')}`;
  let at = 1;
  while (ours[at] === theirs[at]) at++;
  const change = (entry: string | undefined): string => {
    if (entry === undefined) return 'no more up to 2100';
    const [seconds = '', offset = ''] = entry.split(':');
    return `at ${new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')} to ${offsetText(offset)}`;
  };
  return `the service's offset changes ${change(ours[at])}, there ${change(theirs[at])}`;
}

/**
 * The service as it runs, over HTTP: the production composition with its Clock rebound to PARITY_NOW_MS and a rate
 * limit of a million calls a window (configuration, not a bypass), called through the typed client sending POST
 * bodies, so that a secret is taken as a POST body carries it.
 */
export async function serviceHost(): Promise<Host> {
  const { app, clock } = testService({ RATE_LIMIT_POINTS: '1000000' });
  clock.set(PARITY_NOW_MS);
  const running: Running = await listen(app);
  return clientHost(createClient(running.url, { method: 'POST' }), () => running.close());
}

/** The signature algorithms whose signatures are random by design (ECDSA's k, RSASSA-PSS's salt). */
const RANDOMIZED = /^(ES|PS)\d+$/;
const MASK = '<random>';

interface SignAnswer {
  token: string;
  algorithm: string;
  key: { public_jwk: Record<string, unknown>; thumbprint: string } | null;
  private_jwk?: Record<string, unknown>;
}

/**
 * An answer as it is compared. Every answer is compared whole, but one of jwt.sign whose bytes are random by design:
 * an ECDSA or RSASSA-PSS signature, and a key pair generated for the call. Its signature is verified first with the
 * public JWK it answers (jose, in Node), then the random values (the signature; with a generated pair, the key's
 * members, its thumbprint and the header that names it) are masked wherever they occur, and the rest compared.
 */
export async function comparable(call: ParityCall, text: AnswerText): Promise<string> {
  if (call.procedure !== 'jwt.sign') return text;
  const answer = JSON.parse(text) as SignAnswer | { code: string };
  if (!('token' in answer)) return text;
  const generated = answer.private_jwk !== undefined || (call.input as { generate?: unknown } | null)?.generate === true;
  if (!generated && !RANDOMIZED.test(answer.algorithm)) return text;
  if (answer.key === null) throw new Error(`${call.label}: a random signature without a public key to verify it`);
  await compactVerify(answer.token, await importJWK(answer.key.public_jwk, answer.algorithm));
  const [header = '', , signature = ''] = answer.token.split('.');
  const random = [signature];
  if (generated) {
    random.push(header, answer.key.thumbprint);
    for (const jwk of [answer.key.public_jwk, answer.private_jwk ?? {}]) {
      for (const member of ['n', 'x', 'y', 'd', 'p', 'q', 'dp', 'dq', 'qi']) if (typeof jwk[member] === 'string') random.push(jwk[member]);
    }
  }
  const masked = random.filter((value) => value.length >= 8).sort((a, b) => b.length - a.length);
  return JSON.stringify(answer, (_key, value: unknown) =>
    typeof value === 'string' ? masked.reduce((inner, part) => inner.split(part).join(MASK), value) : value,
  );
}

const excerpt = (text: string, at: number): string =>
  `${at > 60 ? '…' : ''}${text.slice(Math.max(0, at - 60), at + 140)}${text.length > at + 140 ? '…' : ''}`;

export interface Comparison {
  /** The calls whose answers differ, but for those that name a zone whose rules differ between the hosts. */
  readonly differences: readonly Difference[];
  /** The calls whose answers differ where they name a zone whose rules differ between the hosts, with those zones. */
  readonly byZoneRules: readonly { readonly call: string; readonly zones: readonly string[] }[];
  /** How many calls the service answered, and how many it refused. */
  readonly answered: number;
  readonly refused: number;
}

export interface Difference {
  readonly call: string;
  readonly input: string;
  readonly service: string;
  readonly local: string;
}

/**
 * Runs the calls through both hosts and names each call whose answers differ: its procedure, where it comes from,
 * its input (test data only: published vectors and generated values), and both answers around the first byte that
 * differs. A call that names a zone (zonesNamedIn) whose rules differ between the hosts, by differingZones run in
 * each, is set apart with those zones: no host can be given another's zone rules.
 */
export async function differences(service: Host, local: Host, calls: readonly ParityCall[]): Promise<Comparison> {
  const found: Difference[] = [];
  const byZoneRules: { call: string; zones: string[] }[] = [];
  let refused = 0;
  for (let start = 0; start < calls.length; start += 50) {
    const batch = calls.slice(start, start + 50);
    const [fromService, fromLocal] = [await service.answer(batch), await local.answer(batch)];
    for (const [at, call] of batch.entries()) {
      const [serviceText, localText] = await Promise.all([comparable(call, fromService[at] ?? ''), comparable(call, fromLocal[at] ?? '')]);
      if (/^\{"code":/.test(serviceText)) refused++;
      if (serviceText === localText) continue;
      const named = zonesNamedIn(call);
      const zones = [...new Set([...(await service.differingZones(named)), ...(await local.differingZones(named))])];
      if (zones.length > 0) {
        byZoneRules.push({ call: `${call.procedure} (${call.label})`, zones });
        continue;
      }
      let first = 0;
      while (serviceText[first] === localText[first]) first++;
      const input = inputText(call.input) ?? 'no input';
      found.push({
        call: `${call.procedure} (${call.label})`,
        input: input.length > 400 ? `${input.slice(0, 400)}…` : input,
        service: excerpt(serviceText, first),
        local: excerpt(localText, first),
      });
    }
  }
  return { differences: found, byZoneRules, answered: calls.length - refused, refused };
}

/** Each procedure's generated inputs, as JSON values (what a remote call can carry), from the fixed seed. */
export function generatedCorpus(procedure: Procedure): ParityCall[] {
  const seed = SEED + PROCEDURES.indexOf(procedure);
  return fc.sample(GENERATORS[procedure], { seed, numRuns: RUNS }).map((input, at) => ({
    procedure,
    input: input === undefined ? undefined : JSON.parse(JSON.stringify(input)),
    label: `generated #${at}, seed ${seed}`,
  }));
}

/**
 * The parity test, for one local host against the service: every document example, every vector, and each
 * procedure's generated inputs, answered byte for byte alike, but where a call names a zone whose rules differ between
 * the hosts. Each such zone is printed once, with where its offsets first part.
 */
export function describeParity(localName: string, makeLocal: () => Promise<Host>, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip === true)(`the service over HTTP and ${localName} answer alike`, () => {
    let service: Host;
    let local: Host;
    const told = new Set<string>();

    /** The calls' differences, once each differing zone is told. */
    const compare = async (calls: readonly ParityCall[]): Promise<Comparison> => {
      const comparison = await differences(service, local, calls);
      for (const { call, zones } of comparison.byZoneRules) {
        for (const zone of zones.filter((named) => !told.has(named))) {
          told.add(zone);
          const [[ours = null], [theirs = null]] = await Promise.all([service.zoneOffsets([zone]), local.zoneOffsets([zone])]);
          const reason = ours === null ? 'the service knows no such zone' : firstDifference(ours, theirs);
          console.warn(
            `#### ${zone}: its rules in ${localName} are not the service's (tzdata ${SERVICE_TZDATA}), so answers naming it may differ: ${reason} (first in ${call}) ####`,
          );
        }
      }
      return comparison;
    };

    beforeAll(async () => {
      [service, local] = await Promise.all([serviceHost(), makeLocal()]);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([service?.close(), local?.close()]);
    });

    // The fingerprints against the offsets themselves: the zones whose rules the local host's differingZones finds
    // not the service's are exactly those whose offsets from 1800 to 2100, written whole, differ from the service's.
    // Each zone's offsets are written twice there, and the Temporal polyfill (Node 22) takes some 50 ms a zone.
    it('finds a zone’s rules not the service’s exactly where its offsets differ', { timeout: 180_000 }, async () => {
      const zones = serviceZoneIds();
      const [measured, ours, theirs] = await Promise.all([
        local.differingZones(zones),
        service.zoneOffsets(zones),
        local.zoneOffsets(zones),
      ]);
      expect(measured).toEqual(zones.filter((_zone, at) => theirs[at] !== ours[at]));
    });

    it('for every example of the README and docs/api.md', { timeout: 60_000 }, async () => {
      expect((await compare(documentCorpus())).differences).toEqual([]);
    });

    it('for the published vectors the tests use', { timeout: 120_000 }, async () => {
      expect((await compare(vectorCorpus())).differences).toEqual([]);
    });

    it('for the time in every zone the service knows, now and in 1922', { timeout: 120_000 }, async () => {
      expect((await compare(zoneCorpus())).differences).toEqual([]);
    });

    it.each(PROCEDURES)('for generated inputs of %s, answered and refused', { timeout: 120_000 }, async (procedure) => {
      const comparison = await compare(generatedCorpus(procedure));
      expect(comparison.differences).toEqual([]);
      // The generator reaches both sides of the procedure: what it answers, and what it refuses.
      expect(comparison.answered, 'answered').toBeGreaterThan(0);
      expect(comparison.refused, 'refused').toBeGreaterThan(0);
    });
  });
}
