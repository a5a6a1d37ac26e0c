// SPEC §2 Main, Text and WhatsApp tabs: a country selector (region default US, SPEC §9) and a phone input; SPEC §5
// 'Invalid phone number, please try again.' when the number is not valid for the region (nothing is sent). The
// parsed E.164 number is what goes to the server (SPEC §7).
//
// Issue 22 finding 9: the closed selector shows the region and calling code ('US +1'), as the phone fields of
// Stytch's, Clerk's and Auth0's sign-in do: the full name ('United States (+1)') cut to 'Unit…' in a narrow widget
// said nothing. The native <select> stays the control (keyboard, screen readers and autofill see the full country
// names of its options and its selected one); it lies, transparent, over the compact text, which is hidden from
// assistive technology because the select already says it.
import { CONSTANTS } from '@gatehouse/protocol';
import { loadPhoneNumberParser, parsePhoneNumberAsync } from '@gatehouse/sdk';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { FieldError } from '../../field-error';
import { ScreenStyles } from '../../screen-styles';
import { formatString } from '../../strings';
import { useScreenDispatch, useWidget } from '../../widget-context';
import { useOtpStrings } from './otp-strings';
import { OTP_TRANSITIONS } from './otp-transitions';
import { callingCodeOf, regionOptions } from './phone';
import { PHONE_CSS } from './phone-css';
import { useSendOtp } from './use-send-otp';

function PhoneForm({ method }: { method: 'sms' | 'whatsapp' }) {
  const { state, locale } = useWidget();
  const dispatch = useScreenDispatch(OTP_TRANSITIONS);
  const strings = useOtpStrings();
  const { send, submitting } = useSendOtp(method);
  const [region, setRegion] = useState<string>(CONSTANTS.defaultPhoneRegion);
  const [phone, setPhone] = useState('');
  // Issue 27 item 2: the country names in the widget's language.
  const regions = useMemo(() => regionOptions(locale), [locale]);
  const countryId = useId();
  const inputId = useId();
  const errorId = useId();

  const parsingRef = useRef(false);

  // Start loading the parser and the chosen country's metadata (issue 23 item 4: its calling code's file only)
  // while the visitor types, so the check on submit need not wait; a number typed with '+' loads its own code then.
  const preload = (regionCode: string) =>
    void loadPhoneNumberParser()
      .then((parser) => parser.loadPhoneMetadata({ phoneNumber: '', regionCode }))
      .catch(() => {});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || parsingRef.current) return;
    parsingRef.current = true;
    let parsed: Awaited<ReturnType<typeof parsePhoneNumberAsync>> | null = null;
    try {
      parsed = await parsePhoneNumberAsync({ phoneNumber: phone.trim(), regionCode: region });
    } catch (error) {
      console.error('Gatehouse widget: could not load the phone number parser', error);
    } finally {
      parsingRef.current = false;
    }
    if (parsed === null || !parsed.isValid) {
      dispatch({ type: 'otp-invalid', message: strings.invalidPhoneNumber });
      return;
    }
    // The E.164 number goes to the server; OTPAuthenticate shows it as '+<calling code> <national>'.
    const callingCode = callingCodeOf(region);
    const display = parsed.number.startsWith(`+${callingCode}`)
      ? `+${callingCode} ${parsed.national}`
      : parsed.number;
    void send(parsed.number, display);
  };

  return (
    <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={submitting}>
      <ScreenStyles css={PHONE_CSS} />
      <div className="gh-phone-row">
        <div className="gh-phone-country">
          <label className="gh-label" htmlFor={countryId}>
            {strings.countryLabel}
          </label>
          <div className="gh-country-picker">
            <span className="gh-input gh-country-value" aria-hidden="true">
              {formatString(strings.countryCompact, { region, code: callingCodeOf(region) ?? '' })}
            </span>
            <select
              id={countryId}
              className="gh-input gh-select"
              name="country"
              autoComplete="country"
              value={region}
              disabled={submitting}
              onChange={(event) => {
                setRegion(event.target.value);
                preload(event.target.value);
              }}
            >
              {regions.map((option) => (
                <option key={option.region} value={option.region}>
                  {formatString(strings.countryOption, { country: option.name, code: option.callingCode })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="gh-phone-number">
          <label className="gh-label" htmlFor={inputId}>
            {strings.phoneLabel}
          </label>
          <input
            id={inputId}
            className="gh-input"
            type="tel"
            name="phone"
            // Issue 27 item 3: a phone number reads left to right inside a right-to-left widget.
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            required
            placeholder={strings.phonePlaceholder}
            value={phone}
            readOnly={submitting}
            aria-invalid={state.fieldError !== null}
            aria-describedby={state.fieldError !== null ? errorId : undefined}
            onChange={(event) => setPhone(event.target.value)}
            onFocus={() => preload(region)}
          />
        </div>
      </div>
      <FieldError id={errorId} message={state.fieldError} />
      <button type="submit" className="gh-button gh-button-primary" aria-disabled={submitting}>
        {submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {method === 'sms' ? strings.continueWithText : strings.continueWithWhatsApp}
      </button>
    </form>
  );
}

export function SmsForm() {
  return <PhoneForm method="sms" />;
}

export function WhatsAppForm() {
  return <PhoneForm method="whatsapp" />;
}
