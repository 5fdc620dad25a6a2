// Certificates made for a test with the openssl command line: a root, an intermediate and a leaf,
// each one day long (a test's clock then makes them expired, or about to expire).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MadeCertificate {
  readonly pem: string;
  readonly keyPem: string;
}

export interface Chain {
  readonly root: MadeCertificate;
  readonly intermediate: MadeCertificate;
  readonly leaf: MadeCertificate;
  /** An unrelated self-signed certificate, serial 128 (DER writes it 00 80). */
  readonly stranger: MadeCertificate;
  /** Self-issued, but signed with ECDSA and SHA-1, which no verifier counts. */
  readonly sha1: MadeCertificate;
  /** The root's subject on another key: names that chain, a signature that does not. */
  readonly impostor: MadeCertificate;
  /** An X.509 version 1 certificate (no version field, no extensions), serial 0, issued by the root. */
  readonly v1: MadeCertificate;
  /** The intermediate's key under another name: a signature that chains, names that do not. */
  readonly twin: MadeCertificate;
}

const openssl = (dir: string, ...args: string[]): void => {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
};

/** Makes the chain in a temporary directory, and removes the directory. */
export function makeChain(): Chain {
  const dir = mkdtempSync(join(tmpdir(), 'chain-'));
  try {
    writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign\n');
    writeFileSync(
      join(dir, 'leaf.ext'),
      'basicConstraints=CA:FALSE\nsubjectAltName=DNS:api.example.com,IP:192.0.2.7,IP:2001:db8:0:0:0:0:0:1,IP:::ffff:192.0.2.1,otherName:1.2.3.4;UTF8:skipped,email:ops@example.com,URI:https://example.com/\n',
    );
    const key = (name: string, ...algorithm: string[]) => openssl(dir, 'genpkey', ...algorithm, '-out', `${name}.key`);
    key('root', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-384');
    key('intermediate', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048');
    key('leaf', '-algorithm', 'ED25519');
    key('stranger', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256');
    const selfSigned = (name: string, subject: string, ...extra: string[]) =>
      openssl(dir, 'req', '-x509', '-new', '-key', `${name}.key`, '-subj', subject, '-days', '1', '-out', `${name}.pem`, ...extra);
    selfSigned('root', '/C=DE/O=Example Root/CN=Example Root CA', '-addext', 'basicConstraints=critical,CA:TRUE');
    selfSigned('stranger', '/CN=Stranger', '-set_serial', '128');
    openssl(dir, 'req', '-x509', '-new', '-key', 'stranger.key', '-subj', '/CN=Old', '-days', '1', '-sha1', '-out', 'sha1.pem');
    openssl(
      dir,
      'req',
      '-x509',
      '-new',
      '-key',
      'stranger.key',
      '-subj',
      '/C=DE/O=Example Root/CN=Example Root CA',
      '-days',
      '1',
      '-out',
      'impostor.pem',
    );
    openssl(dir, 'req', '-x509', '-new', '-key', 'intermediate.key', '-subj', '/CN=Twin', '-days', '1', '-out', 'twin.pem');
    openssl(dir, 'req', '-new', '-key', 'stranger.key', '-subj', '/CN=Version 1', '-out', 'v1.csr');
    openssl(
      dir,
      'x509',
      '-req',
      '-in',
      'v1.csr',
      '-CA',
      'root.pem',
      '-CAkey',
      'root.key',
      '-days',
      '1',
      '-set_serial',
      '0',
      '-out',
      'v1.pem',
    );
    const issued = (name: string, subject: string, issuer: string, ext: string) => {
      openssl(dir, 'req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`);
      openssl(
        dir,
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${issuer}.pem`,
        '-CAkey',
        `${issuer}.key`,
        '-CAcreateserial',
        '-days',
        '1',
        '-extfile',
        ext,
        '-out',
        `${name}.pem`,
      );
    };
    issued('intermediate', '/C=DE/O=Example/OU=Issuing/CN=Example Issuing CA', 'root', 'ca.ext');
    issued('leaf', '/C=DE/O=Example, Inc./CN=api.example.com', 'intermediate', 'leaf.ext');
    const made = (name: string): MadeCertificate => ({
      pem: readFileSync(join(dir, `${name}.pem`), 'utf8'),
      keyPem: readFileSync(join(dir, `${name}.key`), 'utf8'),
    });
    return {
      root: made('root'),
      intermediate: made('intermediate'),
      leaf: made('leaf'),
      stranger: made('stranger'),
      sha1: { pem: readFileSync(join(dir, 'sha1.pem'), 'utf8'), keyPem: made('stranger').keyPem },
      impostor: { pem: readFileSync(join(dir, 'impostor.pem'), 'utf8'), keyPem: made('stranger').keyPem },
      v1: { pem: readFileSync(join(dir, 'v1.pem'), 'utf8'), keyPem: made('stranger').keyPem },
      twin: { pem: readFileSync(join(dir, 'twin.pem'), 'utf8'), keyPem: made('intermediate').keyPem },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The base64 DER of a PEM certificate, as x5c holds it. */
export const x5cOf = (pem: string): string => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
