/** One stretch of a pasted token, with the name it is labelled with and the colour class it is drawn in. */
export interface TokenPart {
  readonly label: string;
  readonly role: 'header' | 'payload' | 'signature' | 'key' | 'iv' | 'ciphertext' | 'tag' | 'disclosure' | 'binding';
  readonly text: string;
}

const JWS = [
  ['Header', 'header'],
  ['Payload', 'payload'],
  ['Signature', 'signature'],
] as const;
const JWE = [
  ['Protected header', 'header'],
  ['Encrypted key', 'key'],
  ['Initialization vector', 'iv'],
  ['Ciphertext', 'ciphertext'],
  ['Authentication tag', 'tag'],
] as const;

function compactParts(token: string, prefix = ''): TokenPart[] {
  const parts = token.split('.');
  const names = parts.length === 5 ? JWE : JWS;
  return parts.map((text, index) => {
    const [label, role] = names[index] ?? ['Part', 'payload'];
    return { label: `${prefix}${label}`, role, text };
  });
}

/**
 * The parts of a compact token (JWS, JWE, SD-JWT with its disclosures and
 * key-binding JWT), for showing each in its colour with its name; a JSON
 * serialization has no parts, and is shown as formatted JSON instead.
 */
export function tokenParts(input: string): TokenPart[] {
  const token = input.trim().replace(/^bearer\s+/i, '');
  if (token.startsWith('{')) return [];
  if (!token.includes('~')) return compactParts(token);
  const [issuerSigned = '', ...rest] = token.split('~');
  const binding = rest.pop() ?? '';
  return [
    ...compactParts(issuerSigned, 'Issuer-signed JWT: '),
    ...rest.map((text, index): TokenPart => ({ label: `Disclosure ${index + 1}`, role: 'disclosure', text })),
    ...(binding === '' ? [] : compactParts(binding, 'Key-binding JWT: ').map((part): TokenPart => ({ ...part, role: 'binding' }))),
  ];
}
