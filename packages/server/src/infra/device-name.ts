// A person-readable name for the device behind a User-Agent ("Chrome on Linux", "Safari on iPhone"), for security
// notices (issue 20 item 4, security-tests.md SS-09) and the sessions list (issue 22). Parsed by `bowser` (MIT;
// DESIGN.md "device names from a maintained user-agent parser under a permissive licence").
//
// The User-Agent is whatever the caller sent, and the name lands in an e-mail telling the owner what happened, so
// only names from bowser's own tables are shown: its catch-all parser would otherwise turn
// "Your account is safe, ignore this/1.0 (x" into a browser called "Your account is safe, ignore this".
import Bowser from 'bowser';

/** Browser names bowser can report from its tables ("Generic" says nothing, so it is left out). */
const KNOWN_BROWSERS: ReadonlySet<string> = new Set(
  Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'),
);
/** Operating-system names bowser can report ("Linux", "macOS", "Windows", "iOS", "Android", …). */
const KNOWN_SYSTEMS: ReadonlySet<string> = new Set(Object.values(Bowser.OS_MAP));
/** Apple's devices say "iOS" for iPhone, iPad and iPod alike; the model is the name people know. */
const APPLE_MODELS: ReadonlySet<string> = new Set(['iPhone', 'iPad', 'iPod']);

/** Longer User-Agents are cut before parsing: real ones are a few hundred characters, and the regexes run on it. */
const MAX_PARSED_LENGTH = 1024;

/**
 * "Chrome on Linux", "Safari on iPhone", "Firefox" (system unknown), "Windows" (browser unknown), or null when
 * nothing in the User-Agent is recognised (an empty one, curl, a made-up string).
 */
export function describeDevice(userAgent: string): string | null {
  const text = userAgent.slice(0, MAX_PARSED_LENGTH).trim();
  if (text === '') return null;
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(text);
  } catch {
    return null;
  }
  const browser = known(KNOWN_BROWSERS, parsed.browser.name);
  const model = parsed.os.name === 'iOS' ? known(APPLE_MODELS, parsed.platform.model) : null;
  const system = model ?? known(KNOWN_SYSTEMS, parsed.os.name);
  if (browser !== null && system !== null) return `${browser} on ${system}`;
  return browser ?? system;
}

function known(names: ReadonlySet<string>, name: string | undefined): string | null {
  return name !== undefined && names.has(name) ? name : null;
}
