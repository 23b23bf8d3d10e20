import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@scentinel/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/**
 * The password policy for new accounts: the domain's length rule, then a strength estimate by
 * zxcvbn-ts over its lists of common passwords, words and keyboard patterns. A password estimated
 * to fall within a million guesses (score 0 or 1: `12345678`, `password`, `qwertyuiop`,
 * `iloveyou123`) is refused.
 */
let estimator: ZxcvbnFactory | undefined;
/** Made on the first password checked: ranking its word lists is CPU a starting server need not spend. */
const strength = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
  }));

/** Lowest zxcvbn score accepted (0–4; 2 means more than about 10^6 guesses). */
export const MIN_PASSWORD_SCORE = 2;

const WHY: Record<string, string> = {
  topTen: 'it is one of the ten most common passwords',
  topHundred: 'it is one of the hundred most common passwords',
  common: 'it is a very common password',
  similarToCommon: 'it is too similar to a common password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'a name by itself is easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it contains your email or username',
  straightRow: 'a straight row of keys is easy to guess',
  keyPattern: 'a short keyboard pattern is easy to guess',
  simpleRepeat: 'repeated characters are easy to guess',
  extendedRepeat: 'repeated patterns are easy to guess',
  sequences: 'a sequence like abc or 123 is easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
};

/** Why the password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, userInputs: readonly string[] = []): string | null {
  if (
    password.length < PASSWORD_MIN_LENGTH ||
    password.length > PASSWORD_MAX_LENGTH ||
    password.trim() === ''
  ) {
    return `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters and not only spaces`;
  }
  // The estimate is quadratic in the length; beyond 100 characters the tail adds only strength.
  const result = strength().check(
    password.slice(0, 100),
    userInputs.filter((s) => s.length > 0),
  );
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const why = WHY[result.feedback.warning ?? ''] ?? 'it is too easy to guess';
  return `Please choose a stronger password: ${why}. A few unrelated words make a good one.`;
}
