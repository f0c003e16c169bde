import { DEFAULT_SCRYPT_PARAMETERS, hashPassword, type ScryptParameters, verifyPassword } from "./password-hashing";
import { ServiceUnavailableError } from "../shared/errors";

export const HASHING_BUSY_MESSAGE = "Sign-in is very busy right now. Wait a minute, then try again.";

export interface PasswordHasherOptions {
  /** Hashes computed at once. Each scrypt at the default cost holds about 128 MiB. */
  concurrency?: number;
  /** Requests allowed to wait for a slot; beyond this they are refused with 503 at once. */
  queueLimit?: number;
  /** The cost of new hashes, and of the dummy hash that unknown emails are checked against. */
  parameters?: ScryptParameters;
}

/**
 * Password hashing with a cap on how many scrypt computations run at once,
 * so a flood of sign-ins queues (and then is refused) instead of exhausting
 * memory. Also verifies unknown emails against a dummy hash of the same cost,
 * so they take as long as a wrong password.
 */
export class PasswordHasher {
  private readonly concurrency: number;
  private readonly queueLimit: number;
  private readonly parameters: ScryptParameters;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private dummyHash?: Promise<string>;

  constructor(options: PasswordHasherOptions = {}) {
    this.concurrency = options.concurrency ?? 2;
    this.queueLimit = options.queueLimit ?? 32;
    this.parameters = options.parameters ?? DEFAULT_SCRYPT_PARAMETERS;
  }

  hash(password: string): Promise<string> {
    return this.withSlot(() => hashPassword(password, this.parameters));
  }

  verify(password: string, storedHash: string): Promise<boolean> {
    return this.withSlot(() => verifyPassword(password, storedHash));
  }

  /** Spends the same effort as verify(), then answers false: for emails with no account or no password. */
  async verifyAgainstDummy(password: string): Promise<false> {
    await this.verify(password, await this.dummy());
    return false;
  }

  /** Makes the dummy hash ahead of the first unknown email, so that request takes no longer than others. */
  warmUp(): void {
    void this.dummy().catch(() => undefined);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword("not a real password", this.parameters);
    return this.dummyHash;
  }

  private async withSlot<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queueLimit) {
      return Promise.reject(new ServiceUnavailableError(HASHING_BUSY_MESSAGE));
    }
    // The slot passes straight from release() to the waiter, so `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/**
 * One per process: the cap is about this process's memory, so every app and
 * route in it (sign-in, sign-up, reset, password change) shares it.
 */
export const passwordHasher = new PasswordHasher();
