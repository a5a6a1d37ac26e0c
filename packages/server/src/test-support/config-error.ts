// The ConfigError a start-up step throws (tests assert the key it names and its message).
import { ConfigError } from '../infra/config';

export function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
