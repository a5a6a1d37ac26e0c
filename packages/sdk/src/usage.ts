// SPEC §5 client-side call checks: a type mismatch throws UsageError("Invalid call to {method}\n{detail}")
// before any request. One small chainable validator so every method module states its checks in one line each.
import { UsageError } from './errors';

export interface Validator {
  string(name: string, value: unknown): Validator;
  number(name: string, value: unknown): Validator;
  /** A plain object (not null, not an array). */
  object(name: string, value: unknown): Validator;
  optionalString(name: string, value: unknown): Validator;
  optionalNumber(name: string, value: unknown): Validator;
  optionalObject(name: string, value: unknown): Validator;
  /** Absent, or an array of strings (OAuth custom_scopes). */
  optionalStringArray(name: string, value: unknown): Validator;
}

type Kind = 'string' | 'number' | 'object' | 'strings';

const ARTICLE: Record<Kind, string> = {
  string: 'a string',
  number: 'a number',
  object: 'an object',
  strings: 'an array of strings',
};

function isKind(kind: Kind, value: unknown): boolean {
  if (kind === 'strings') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (kind === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (kind === 'number') return typeof value === 'number' && !Number.isNaN(value);
  return typeof value === kind;
}

/** Usage: `validate('magicLinks.authenticate').string('token', token).number('session_duration_minutes', m)`. */
export function validate(method: string): Validator {
  const check = (kind: Kind, optional: boolean) => (name: string, value: unknown) => {
    if (!(optional && value === undefined) && !isKind(kind, value)) {
      throw new UsageError(method, `${name} must be ${ARTICLE[kind]}.`);
    }
    return validator;
  };
  const validator: Validator = {
    string: check('string', false),
    number: check('number', false),
    object: check('object', false),
    optionalString: check('string', true),
    optionalNumber: check('number', true),
    optionalObject: check('object', true),
    optionalStringArray: check('strings', true),
  };
  return validator;
}
