// SPEC §5 strength feedback: zxcvbn → a four-segment meter (scores 0 and 1 fill one segment, 2 two, 3 three,
// 4 four) and the feedback warning (in plain words, zxcvbn-feedback.ts); luds → 'Must be at least N characters
// long' and 'Must contain M of the following: …', each marked met or not; breached → the breached text. All in a
// polite live region.
import type { PasswordStrengthCheckResult } from '../../client-contract';
import { formatMessage } from '../../message-format';
import { ScreenStyles } from '../../screen-styles';
import { useWidget } from '../../widget-context';
import { PASSWORD_CSS } from './password-css';
import { minimumPasswordLength } from './password-options';
import { usePasswordStrings } from './password-strings';
import { plainPasswordFeedback } from './zxcvbn-feedback';

const METER_SEGMENTS = 4;
/** The LUDS complexity named when the bootstrap carries no passwordConfig (Stytch's default: 3 kinds). */
const DEFAULT_LUDS_COMPLEXITY = 3;

/** SPEC §5: scores 0 and 1 give 1 segment, 2 gives 2, 3 gives 3, 4 gives 4. */
export function filledSegments(score: number): number {
  return Math.min(METER_SEGMENTS, Math.max(1, Math.floor(score)));
}

export function StrengthFeedback({ id, result }: { id: string; result: PasswordStrengthCheckResult | null }) {
  return (
    <>
      <ScreenStyles css={PASSWORD_CSS} />
      <div id={id} className="gh-strength" aria-live="polite" aria-atomic="true">
        {result === null ? null : result.strength_policy === 'luds' ? (
          <LudsFeedback result={result} />
        ) : (
          <ZxcvbnFeedback result={result} />
        )}
      </div>
    </>
  );
}

function ZxcvbnFeedback({ result }: { result: PasswordStrengthCheckResult }) {
  const strings = usePasswordStrings();
  const { locale } = useWidget();
  const filled = filledSegments(result.score);
  const score = Math.min(METER_SEGMENTS, Math.max(0, Math.floor(result.score)));
  return (
    <>
      <div className="gh-strength-meter" data-score={score} aria-hidden="true">
        {Array.from({ length: METER_SEGMENTS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the four segments are fixed.
          <span key={index} className="gh-strength-segment" data-filled={index < filled ? 'true' : 'false'} />
        ))}
      </div>
      <p className="gh-visually-hidden">
        {formatMessage(strings.passwordStrength, { score }, locale)}{' '}
        {result.valid_password ? strings.passwordAccepted : strings.passwordNotAccepted}
      </p>
      {result.feedback.warning !== '' ? (
        <p className="gh-strength-warning">{plainPasswordFeedback(result.feedback.warning, strings)}</p>
      ) : null}
      {result.breached_password ? <Requirement met={false} text={strings.passwordBreachedWarning} /> : null}
    </>
  );
}

function LudsFeedback({ result }: { result: PasswordStrengthCheckResult }) {
  const { bootstrap, locale } = useWidget();
  const strings = usePasswordStrings();
  // Bootstrap passwordConfig names the project's rules (wire-format.md §4.11); without it, the defaults. The length
  // is the one the server enforces, as in the hint above the field (never below its own 8, Stytch's default too).
  const minimum = minimumPasswordLength(bootstrap.passwordConfig);
  const complexity = bootstrap.passwordConfig?.ludsComplexity ?? DEFAULT_LUDS_COMPLEXITY;
  const { missing_characters, missing_complexity } = result.feedback.luds_requirements;
  return (
    <>
      <p className="gh-visually-hidden">
        {result.valid_password ? strings.passwordAccepted : strings.passwordNotAccepted}
      </p>
      <Requirement
        met={missing_characters === 0}
        text={formatMessage(strings.ludsMinimumLength, { count: minimum }, locale)}
      />
      <Requirement
        met={missing_complexity === 0}
        text={formatMessage(strings.ludsComplexity, { count: complexity }, locale)}
      />
      {result.breached_password ? <Requirement met={false} text={strings.passwordBreachedWarning} /> : null}
    </>
  );
}

function Requirement({ met, text }: { met: boolean; text: string }) {
  const strings = usePasswordStrings();
  return (
    <p className="gh-requirement" data-met={met ? 'true' : 'false'}>
      <span aria-hidden="true" className="gh-requirement-icon">
        {met ? '✓' : '✗'}
      </span>
      <span className="gh-visually-hidden">{met ? strings.requirementMet : strings.requirementNotMet} </span>
      {text}
    </p>
  );
}
