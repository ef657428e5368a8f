import { hash, verify } from '@node-rs/argon2';

// argon2id, 19 MiB, t=2, p=1 (OWASP's first recommendation): about 20 ms a hash here.
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, so unknown accounts are not told apart by timing. */
export async function burnPasswordCheck(plain: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-for-timing-1');
  await verifyPassword(await dummy, plain);
}
