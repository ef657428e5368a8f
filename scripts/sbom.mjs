/**
 * `npm run sbom`: a CycloneDX 1.5 software bill of materials (JSON) of everything the
 * lockfile installs, written to sbom.cdx.json (or the path given). It is read from
 * package-lock.json, which npm ci installs exactly: name, version, purl, the registry's
 * integrity hash, licence, and whether the package is only for development.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const out = process.argv[2] ?? path.join(root, 'sbom.cdx.json');

const purlOf = (name, version) =>
  name.startsWith('@')
    ? `pkg:npm/${encodeURIComponent(name.split('/')[0])}/${encodeURIComponent(name.split('/')[1])}@${version}`
    : `pkg:npm/${encodeURIComponent(name)}@${version}`;

/** npm's integrity is `sha512-<base64>`; CycloneDX wants the algorithm and hex. */
function hashesOf(integrity) {
  if (!integrity) return undefined;
  const [algo, b64] = integrity.split(' ')[0].split('-');
  const alg = { sha512: 'SHA-512', sha384: 'SHA-384', sha256: 'SHA-256', sha1: 'SHA-1' }[algo];
  return alg ? [{ alg, content: Buffer.from(b64, 'base64').toString('hex') }] : undefined;
}

/** One SPDX id, or an expression such as `(MIT OR Apache-2.0)`. */
const licenceOf = (text) => (/[\s()]/.test(text) ? { expression: text } : { license: { id: text } });

const components = new Map();
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (!where || entry.link || !entry.version || !where.includes('node_modules/')) continue;
  const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const ref = purlOf(name, entry.version);
  if (components.has(ref)) continue;
  components.set(ref, {
    type: 'library',
    'bom-ref': ref,
    name,
    version: entry.version,
    purl: ref,
    ...(entry.license ? { licenses: [licenceOf(entry.license)] } : {}),
    ...(hashesOf(entry.integrity) ? { hashes: hashesOf(entry.integrity) } : {}),
    ...(entry.resolved ? { externalReferences: [{ type: 'distribution', url: entry.resolved }] } : {}),
    scope: entry.dev ? 'optional' : 'required',
  });
}

const bom = {
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  serialNumber: `urn:uuid:${randomUUID()}`,
  version: 1,
  metadata: {
    timestamp: new Date().toISOString(),
    tools: { components: [{ type: 'application', name: 'scripts/sbom.mjs' }] },
    component: {
      type: 'application',
      'bom-ref': `pkg:npm/${pkg.name}@${pkg.version ?? '0.0.0'}`,
      name: pkg.name,
      version: pkg.version ?? '0.0.0',
      hashes: [
        {
          alg: 'SHA-256',
          content: createHash('sha256')
            .update(readFileSync(path.join(root, 'package-lock.json')))
            .digest('hex'),
        },
      ],
    },
  },
  components: [...components.values()].sort((a, b) => a.purl.localeCompare(b.purl)),
};
writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
console.log(`SBOM with ${bom.components.length} components written to ${path.relative(process.cwd(), out) || out}`);
