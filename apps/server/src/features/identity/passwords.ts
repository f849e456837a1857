import { hash, verify } from '@node-rs/argon2';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@buildai/domain';

// Passwords that are refused even when long enough: the most common ones in public breach lists.
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password12',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  '1q2w3e4r',
  'iloveyou',
  'princess',
  'sunshine',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'letmein1',
  'abc12345',
  'admin123',
  'passw0rd',
  'p@ssw0rd',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'dragon12',
  'monkey12',
  'changeme',
  'asdfghjkl',
  '87654321',
  '00000000',
  'password!',
  'qwertyui',
  'zaq12wsx',
  'master12',
  'buildai1',
  'buildai123',
]);

export function isWeakPassword(password: string): boolean {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return true;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return true;
  if (/^(.)\1+$/.test(password)) return true;
  return false;
}

/** argon2id with the library's defaults (memory-hard, slow by design). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the user does not exist keeps the answer time the same.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
