// How the service's pinned copy of IANA's registries is made from their CSVs (contract §4d): the
// generator writes it, and test/unit/core/jwt/claims/iana-registry.test.ts makes it again from the
// same CSVs and compares. Titles are the service's own words; every other field is the registry's.
import { parse } from 'csv-parse/sync';
import type { IanaEntry } from '../src/core/jwt/claims/entries.js';

export const SNAPSHOT_DATE = '2026-07-20';

export const SOURCES = {
  claims: {
    registry: 'JSON Web Token Claims',
    url: 'https://www.iana.org/assignments/jwt/claims.csv',
    file: `scripts/registries/iana-jwt-claims-${SNAPSHOT_DATE}.csv`,
    sha256: 'a87f3c08c02b671823e937c7880d29c0cb8c7a5fd518063ab1dec594660f799b',
  },
  headerParameters: {
    registry: 'JSON Web Signature and Encryption Header Parameters',
    url: 'https://www.iana.org/assignments/jose/web-signature-encryption-header-parameters.csv',
    file: `scripts/registries/iana-jose-header-parameters-${SNAPSHOT_DATE}.csv`,
    sha256: 'e66121e940ab248a4a60c58534c15f7d92f86e4974b5812af4928f053d99e617',
  },
} as const;

/**
 * Registry descriptions that make a poor short title (too long, a sentence, or proper names that
 * sentence case would lower), and ours instead. Any other title is the description in sentence case.
 */
const CLAIM_TITLES: Readonly<Record<string, string>> = {
  given_name: 'Given name',
  family_name: 'Family name',
  middle_name: 'Middle name',
  preferred_username: 'Preferred username',
  email_verified: 'E-mail address verified',
  phone_number_verified: 'Phone number verified',
  azp: 'Authorized party',
  nonce: 'Nonce',
  sub_jwk: 'Public key of a self-issued ID token',
  attest: 'SHAKEN attestation level',
  origid: 'SHAKEN originating identifier',
  may_act: 'Authorized actor',
  at_use_nbr: 'Access token use count',
  vc: 'Verifiable credential',
  vp: 'Verifiable presentation',
  ace_profile: 'ACE profile',
  cnonce: 'Client nonce',
  exi: 'Expires in',
  oemboot: 'OEM-authorized boot',
  dbgstat: 'Debug status',
  location: 'Location',
  eat_profile: 'EAT profile',
  submods: 'Submodules',
  bootcount: 'Boot count',
  bootseed: 'Boot seed',
  swname: 'Software name',
  swversion: 'Software version',
  manifests: 'Software manifests',
  measurements: 'Software measurements',
  measres: 'Measurement results',
  intuse: 'Intended use',
  authorization_details: 'Authorization details',
  verified_claims: 'Verified claims',
  place_of_birth: 'Place of birth',
  nationalities: 'Nationalities',
  birth_family_name: 'Family name at birth',
  birth_given_name: 'Given name at birth',
  birth_middle_name: 'Middle name at birth',
  salutation: 'Salutation',
  title: 'Title',
  msisdn: 'Mobile phone number (MSISDN)',
  also_known_as: 'Also known as',
  htm: 'HTTP method',
  htu: 'HTTP URI',
  ath: 'Access token hash',
  _claim_names: 'Aggregated and distributed claim names',
  _claim_sources: 'Aggregated and distributed claim sources',
  rdap_allowed_purposes: 'Allowed RDAP query purposes',
  rdap_dnt_allowed: 'RDAP do-not-track request',
  _sd_alg: 'Selective disclosure hash algorithm',
  '...': 'Array element digest',
  sd_hash: 'SD-JWT hash',
  producerSnssaiList: 'Producer S-NSSAI list',
  producerNsiList: 'Producer NSI list',
  resOwnerId: 'Resource owner identifier',
  crit: 'Critical claims',
  status: 'Status reference',
  status_list: 'Status list',
  logo_uri: 'Logo URI',
  sip_from_tag: 'SIP From tag header field parameter value',
  sip_date: 'SIP Date header field value',
  sip_via_branch: 'SIP Via branch header field parameter value',
  opt: 'Original PASSporT, in full form',
  jwks: 'JSON Web Key Set',
  keys: 'Keys of a JWK Set',
};

const HEADER_TITLES: Readonly<Record<string, string>> = {
  jku: 'JWK Set URL',
  jwk: 'JSON Web Key',
  b64: 'Base64url-encode payload',
  trust_chain: 'OpenID Federation trust chain',
  peer_trust_chain: 'OpenID Federation peer trust chain',
  iheSSId: 'IHE submission set ID',
  jwt: 'Embedded JWT',
  client_id: 'Client identifier',
};

const MAX_TITLE = 80;

/** `Expiration Time` → `Expiration time`: later capitalised words lowered, acronyms and mixed-case names kept. */
const sentenceCase = (text: string): string =>
  text
    .split(' ')
    .map((word, index) => (index > 0 && /^[A-Z][a-z]+$/.test(word) ? word.toLowerCase() : word))
    .join(' ');

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The documents of a registry Reference, in order, without repeats (contract §4d). */
export function documentsOf(reference: string): string[] {
  const documents: string[] = [];
  for (const [, item = ''] of reference.matchAll(/\[([^\]]*)\]/g)) {
    const document = collapse(item.split(',')[0] ?? '').replace(/^RFC(\d+)$/, 'RFC $1');
    if (!documents.includes(document)) documents.push(document);
  }
  return documents;
}

function titleOf(name: string, description: string, titles: Readonly<Record<string, string>>): string {
  const title = Object.hasOwn(titles, name) ? titles[name]! : sentenceCase(description);
  if (title.length < 1 || title.length > MAX_TITLE) throw new Error(`registry name ${name} needs a title of 1-${MAX_TITLE} characters`);
  return title;
}

interface Row {
  readonly name: string;
  readonly description: string;
  readonly reference: string;
}

function rowsOf(csv: string, nameColumn: string, descriptionColumn: string): Row[] {
  const records = parse<Record<string, string>>(csv, { columns: true });
  return records.map((record) => ({
    name: record[nameColumn] ?? '',
    description: record[descriptionColumn] ?? '',
    reference: record.Reference ?? '',
  }));
}

/** The JWT claims registry: one entry per row, in registry order. */
export function claimEntries(csv: string): IanaEntry[] {
  return rowsOf(csv, 'Claim Name', 'Claim Description').map((row) => {
    const description = collapse(row.description);
    return {
      name: row.name,
      title: titleOf(row.name, description, CLAIM_TITLES),
      description,
      defined_by: documentsOf(row.reference),
      reference: collapse(row.reference),
    };
  });
}

/**
 * The header parameters registry: one entry per name, at its first row. A name registered for both
 * JWS and JWE takes its first row's description, and the documents and references of all its rows.
 */
export function headerParameterEntries(csv: string): IanaEntry[] {
  const byName = new Map<string, Row[]>();
  for (const row of rowsOf(csv, 'Header Parameter Name', 'Header Parameter Description')) {
    byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
  }
  return [...byName].map(([name, rows]) => {
    const description = collapse(rows[0]!.description);
    const reference = rows.map((row) => collapse(row.reference)).join(' ');
    return { name, title: titleOf(name, description, HEADER_TITLES), description, defined_by: documentsOf(reference), reference };
  });
}
