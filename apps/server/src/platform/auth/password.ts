import { hash, verify } from '@node-rs/argon2';
import { passwordGate } from './hash-gate';

// argon2id, 19 MiB, t=2, p=1 (OWASP's first recommendation, and its floor): about 20 ms a
// hash here. A stored hash carries its own parameters, so older hashes still verify.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Every hash and check goes through the gate (hash-gate.ts): one per core at a time. */
export const hashPassword = (plain: string) => passwordGate.run(() => hash(plain, OPTIONS));

/** False for a wrong password or an unreadable hash; a 503 (busy) when the gate refuses. */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  return passwordGate.run(async () => {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  });
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, so unknown accounts are not told apart by timing. */
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummy ??= hash('dummy-password-for-timing-1', OPTIONS);
  await verifyPassword(await dummy, plain);
}
